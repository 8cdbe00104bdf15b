import { Link, useNavigate } from '@remix-run/react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useHydrated, tabIndexForKey } from '~/components/page-essentials';
import { countLabel } from '~/modules/search/query';

export interface TabSpec {
  id: string;
  label: string;
  count: number | null;
  href: string;
}

/**
 * The products/recipes tabs. Every tab is a link to its own URL (?tab=…), so without JavaScript
 * they are plain links and the server renders the chosen tab. Once hydrated they become WAI-ARIA
 * tabs: one tab stop (roving tabindex), ArrowLeft/ArrowRight/Home/End move and activate, and
 * activation is a client-side navigation that pushes history, so back and forward restore the tab.
 */
export function SearchTabs({
  tabs,
  selected,
  label,
  children,
}: {
  tabs: TabSpec[];
  selected: string;
  label: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );
  const panelId = 'search-panel';

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const next = tabIndexForKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    if (next !== selectedIndex) navigate(tabs[next]!.href, { preventScrollReset: true });
  }

  return (
    <div>
      <div
        role={hydrated ? 'tablist' : undefined}
        aria-label={hydrated ? label : undefined}
        className="flex gap-1 border-b border-stone-200"
      >
        {tabs.map((tab, index) => {
          const isSelected = index === selectedIndex;
          return (
            <Link
              key={tab.id}
              ref={(element) => {
                refs.current[index] = element;
              }}
              to={tab.href}
              preventScrollReset
              id={`tab-${tab.id}`}
              role={hydrated ? 'tab' : undefined}
              aria-selected={hydrated ? isSelected : undefined}
              aria-controls={hydrated && isSelected ? panelId : undefined}
              aria-current={!hydrated && isSelected ? 'page' : undefined}
              tabIndex={hydrated ? (isSelected ? 0 : -1) : undefined}
              onKeyDown={hydrated ? (event) => onKeyDown(event, index) : undefined}
              className={`-mb-px rounded-t-lg border-b-4 px-4 py-2 text-sm font-semibold md:text-base ${
                isSelected
                  ? 'border-brand text-brand-dark'
                  : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
              }`}
            >
              {tab.label}
              {/* A space for text browsers and screen readers ("Products 168", not "Products168"). */}
              {tab.count !== null ? ' ' : null}
              {tab.count !== null ? (
                <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
                  {countLabel(tab.count)}
                </span>
              ) : null}
            </Link>
          );
        })}
      </div>
      <div
        id={panelId}
        role={hydrated ? 'tabpanel' : undefined}
        aria-labelledby={`tab-${tabs[selectedIndex]?.id ?? ''}`}
        tabIndex={hydrated ? 0 : undefined}
        className="rounded-b-lg pt-4 focus-visible:outline-offset-4"
      >
        {children}
      </div>
    </div>
  );
}
