import { Form, useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated, optionIndexForKey, useT } from '~/components/page-essentials';
import type { Suggestion } from '~/modules/search/suggestions.server';

const SEARCH_PATH = '/shop/search-results.html';

/**
 * The header search. Without JavaScript: a plain GET form to the results page. Hydrated: an ARIA
 * 1.2 combobox (list autocomplete) — suggestions load as the shopper types, ArrowDown/ArrowUp move
 * through them (aria-activedescendant keeps focus in the box), Enter opens the active one or
 * submits the form, Escape closes the list.
 */
export function SearchBox() {
  const hydrated = useHydrated();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ q: string; suggestions: Suggestion[] }>();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const onSearchPage = location.pathname === SEARCH_PATH;
  const current = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  useEffect(() => {
    setValue(current);
    setOpen(false);
    setActive(-1);
  }, [current, location.key]);

  const suggestions = value.trim() && fetcher.data?.q === value ? fetcher.data.suggestions : [];
  const expanded = hydrated && open && suggestions.length > 0;

  function onChange(next: string) {
    setValue(next);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (!next.trim()) return;
    timer.current = setTimeout(() => fetcher.load(`/shop/search-suggestions?q=${encodeURIComponent(next)}`), 120);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]!);
      return;
    }
    if (event.key === 'ArrowDown' && !expanded && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive(0);
      return;
    }
    if (!expanded) return;
    const next = optionIndexForKey(event.key, active, suggestions.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    }
  }

  function choose(suggestion: Suggestion) {
    setOpen(false);
    setActive(-1);
    if (suggestion.kind === 'search') setValue(suggestion.label);
    navigate(suggestion.href);
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

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
        <div className="flex items-center rounded-full border border-stone-300 bg-stone-50 focus-within:border-brand focus-within:bg-white">
          <input
            ref={inputRef}
            id="site-search"
            name="q"
            type="search"
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={hydrated ? onKeyDown : undefined}
            onBlur={hydrated ? () => setOpen(false) : undefined}
            onFocus={hydrated ? () => setOpen(true) : undefined}
            role={hydrated ? 'combobox' : undefined}
            aria-autocomplete={hydrated ? 'list' : undefined}
            aria-expanded={hydrated ? expanded : undefined}
            aria-controls={hydrated ? listId : undefined}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            placeholder={t('Search products, brands and recipes')}
            className="min-w-0 flex-1 rounded-full bg-transparent px-4 py-2 text-sm outline-none focus-visible:outline-none"
            autoComplete="off"
            enterKeyHint="search"
          />
          <button
            type="submit"
            className="m-1 rounded-full bg-brand px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            {t('Search')}
          </button>
        </div>
        {hydrated ? (
          <>
            <ul
              id={listId}
              role="listbox"
              aria-label={t('Search suggestions')}
              hidden={!expanded}
              className="absolute left-0 right-0 top-full z-40 mt-1 max-h-96 overflow-auto rounded-2xl border border-stone-200 bg-white py-2 shadow-lg"
            >
              {suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(suggestion)}
                  className={`flex cursor-pointer items-center gap-2 px-4 py-2 text-sm ${
                    index === active ? 'bg-brand-soft text-brand-dark' : 'hover:bg-stone-100'
                  }`}
                >
                  <span aria-hidden="true" className="text-stone-500">
                    {suggestion.kind === 'search' ? '🔍' : '🛒'}
                  </span>
                  <span className={suggestion.kind === 'search' ? 'font-semibold' : ''}>{suggestion.label}</span>
                </li>
              ))}
            </ul>
            {/* A polite live region (not role=status, which pages keep for their own messages). */}
            <p aria-live="polite" className="sr-only">
              {expanded
                ? t('{{count}} suggestions. Use the up and down arrows to choose.', { count: suggestions.length })
                : ''}
            </p>
          </>
        ) : null}
      </div>
    </Form>
  );
}
