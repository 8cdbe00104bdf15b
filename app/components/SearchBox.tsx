import { Form, useLocation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated, useT } from '~/components/page-essentials';
import type { SuggestionsControl } from './SearchSuggestions';

const SEARCH_PATH = '/shop/search-results.html';

// The suggestions' code loads when the shopper first focuses the box, not with every page (the JavaScript budget).
const SearchSuggestions = lazy(async () => ({ default: (await import('./SearchSuggestions')).SearchSuggestions }));

/**
 * The header search. Without JavaScript: a plain GET form to the results page. Hydrated: an ARIA
 * 1.2 combobox (list autocomplete) — suggestions load as the shopper types, ArrowDown/ArrowUp move
 * through them (aria-activedescendant keeps focus in the box), Enter opens the active one or
 * submits the form, Escape closes the list. The box holds the text and the ARIA state; SearchSuggestions
 * (loaded on first focus) fetches, lists and handles the keys.
 */
export function SearchBox() {
  const hydrated = useHydrated();
  const t = useT();
  const location = useLocation();
  const listId = useId();
  const current = location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  // null until the first focus or keystroke; then whether a keystroke (not a focus) brought the suggestions in.
  const [live, setLive] = useState<null | { typed: boolean }>(null);
  const [state, setState] = useState<{ expanded: boolean; activeId?: string }>({ expanded: false });
  const control = useRef<SuggestionsControl | null>(null);
  useEffect(() => setValue(current), [current, location.key]);

  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label={t('Site search')}
      className="order-4 w-full md:order-none md:w-auto md:flex-1"
    >
      <label htmlFor="site-search" className="sr-only">
        {t('Search products and recipes')}
      </label>
      <div className="relative">
        <div className="search-field">
          <input
            id="site-search"
            name="q"
            type="search"
            value={value}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setValue(typed);
              if (control.current) control.current.onType(typed);
              else setLive({ typed: true });
            }}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => control.current?.onKeyDown(event)}
            onBlur={() => control.current?.onOpen(false)}
            onFocus={() => (live ? control.current?.onOpen(true) : setLive({ typed: false }))}
            role={hydrated ? 'combobox' : undefined}
            aria-autocomplete={hydrated ? 'list' : undefined}
            aria-expanded={hydrated ? state.expanded : undefined}
            aria-controls={hydrated ? listId : undefined}
            aria-activedescendant={state.activeId}
            placeholder={t('Search products, brands and recipes')}
            className="search-input"
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="search-submit">
            {t('Search')}
          </button>
        </div>
        {live ? (
          <Suspense fallback={null}>
            <SearchSuggestions
              value={value}
              setValue={setValue}
              listId={listId}
              control={control}
              onState={setState}
              typed={live.typed}
              reset={location.key}
            />
          </Suspense>
        ) : null}
      </div>
    </Form>
  );
}
