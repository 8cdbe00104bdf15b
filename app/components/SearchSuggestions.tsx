import { useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MutableRefObject } from 'react';
import { optionIndexForKey, useT } from '~/components/page-essentials';
import type { Suggestion } from '~/modules/search/suggestions.server';

/** What the search box calls into: its key presses, and focus opening or closing the list. */
export interface SuggestionsControl {
  onType(text: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  onOpen(open: boolean): void;
}

interface SearchSuggestionsProps {
  value: string;
  setValue(value: string): void;
  listId: string;
  control: MutableRefObject<SuggestionsControl | null>;
  /** The box's ARIA state: whether the list shows, and the active option's id. */
  onState(state: { expanded: boolean; activeId?: string }): void;
  /** Whether a keystroke (rather than a focus) brought the suggestions in. */
  typed: boolean;
  /** Changes with every navigation: the list closes. */
  reset: string;
}

/** The search box's suggestions (components/SearchBox.tsx): fetched as the shopper types, chosen by keys or click. */
export function SearchSuggestions({ value, setValue, listId, control, onState, typed, reset }: SearchSuggestionsProps) {
  const t = useT();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ q: string; suggestions: Suggestion[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const navigation = useRef(reset);

  function onType(text: string) {
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    if (text.trim())
      timer.current = setTimeout(() => fetcher.load(`/shop/search-suggestions?q=${encodeURIComponent(text)}`), 120);
  }
  // Brought in by a keystroke: what is in the box by now asks for suggestions.
  useEffect(() => {
    if (typed) onType(value);
    return () => clearTimeout(timer.current);
    // Once, when it first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A navigation (the box shows the new page's query) closes the list.
  useEffect(() => {
    if (navigation.current === reset) return;
    navigation.current = reset;
    setOpen(false);
    setActive(-1);
  }, [reset]);

  const suggestions = value.trim() && fetcher.data?.q === value ? fetcher.data.suggestions : [];
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  // Before the browser paints or a test reads it: the box's attributes move with the key press.
  useLayoutEffect(() => onState({ expanded, activeId }), [expanded, activeId, onState]);

  function choose(suggestion: Suggestion) {
    setOpen(false);
    setActive(-1);
    if (suggestion.kind === 'search') setValue(suggestion.label);
    navigate(suggestion.href);
  }

  control.current = {
    onType,
    onOpen: setOpen,
    onKeyDown(event) {
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
    },
  };

  return (
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
  );
}
