import { useLocation, useNavigate, useNavigation, useSubmit } from '@remix-run/react';
import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useState,
  type FormEvent,
  type FunctionComponent,
  type MouseEvent,
} from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

/** React leaves an element's server-rendered content alone when it only sets this. */
const KEEP_SERVER_HTML = { __html: '' };

export interface IslandOptions {
  /**
   * The content depends on more than its props: the URL (hidden returnTo fields, links built from the query)
   * or the root's data (signed in or not). It goes live at the first navigation.
   */
  followsLocation?: boolean;
  /** Links and forms inside keep the scroll position, like `<Link preventScrollReset>`. */
  preventScrollReset?: boolean;
}

/** The same-origin path an anchor click should navigate to client-side, or null to let the browser have it. */
export function clientNavigationTarget(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
  anchor: HTMLAnchorElement | null,
  origin: string,
): string | null {
  if (!anchor || event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A server component that can also give its HTML as a string, kept per props (components/cached-markup.server). */
export type ServerMarkup<P> = FunctionComponent<P> & { markup?: (props: P) => string };

/**
 * A component made only of links and forms, which works the same without JavaScript, whose code the
 * browser loads only when its content has to change (the JavaScript budget). The server
 * renders it from `serverComponent` (re-exported by a `.server` module, which the browser build
 * empties); hydration keeps that HTML untouched, and a click on one of its links or a submit of one
 * of its forms is a client-side navigation, as with `<Link>` and `<Form>`. When its props (or, with
 * `followsLocation`, the URL) change, `load` brings the real component, which renders from then on;
 * mounted by a client-side navigation, it renders the real component as soon as it has loaded.
 * Not for anything with state or handlers of its own: those would not run until it is live.
 */
export function island<P extends object>(
  serverComponent: ServerMarkup<P> | undefined,
  load: () => Promise<FunctionComponent<P>>,
  options: IslandOptions = {},
): FunctionComponent<P> {
  if (serverComponent) {
    const Server = serverComponent;
    return function IslandOnServer(props: P) {
      if (Server.markup) return <div className="contents" dangerouslySetInnerHTML={{ __html: Server.markup(props) }} />;
      return <div className="contents">{createElement(Server, props)}</div>;
    };
  }
  let loaded: FunctionComponent<P> | null = null;
  const loadOnce = async () => (loaded ??= await load());
  const Lazy = lazy(async () => ({ default: await loadOnce() }));

  return function Island(props: P) {
    const hydrated = useHydrated();
    const location = useLocation();
    const navigate = useNavigate();
    const submit = useSubmit();
    const signature = JSON.stringify(props) + (options.followsLocation ? location.key : '');
    // Mounted while the page hydrates: the server's HTML is in the DOM and stays until something changes.
    const [serverHtml] = useState(() => (hydrated ? null : signature));
    const changed = serverHtml !== null && signature !== serverHtml;
    const [loadedLive, setLive] = useState<FunctionComponent<P> | null>(null);
    // Fetched as soon as a navigation starts, it is usually there when the new data is.
    const Live = loadedLive ?? (changed ? loaded : null);
    const navigating = useNavigation().state !== 'idle';
    useEffect(() => {
      if (Live || !(changed || navigating)) return;
      let current = true;
      void loadOnce().then((component) => current && changed && setLive(() => component));
      return () => {
        current = false;
      };
    }, [changed, navigating, Live]);

    if (Live) {
      return (
        <div key="live" className="contents">
          {createElement(Live, props)}
        </div>
      );
    }
    if (serverHtml === null) {
      return (
        <div key="live" className="contents">
          <Suspense fallback={null}>{createElement(Lazy as unknown as FunctionComponent<P>, props)}</Suspense>
        </div>
      );
    }

    function onClick(event: MouseEvent<HTMLDivElement>) {
      const anchor = (event.target as Element).closest('a[href]') as HTMLAnchorElement | null;
      const to = clientNavigationTarget(event, anchor, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      navigate(to, { preventScrollReset: options.preventScrollReset });
    }
    function onSubmit(event: FormEvent<HTMLDivElement>) {
      const form = event.target as HTMLFormElement;
      if (event.defaultPrevented || (form.target && form.target !== '_self')) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      submit(submitter ?? form, { preventScrollReset: options.preventScrollReset });
    }
    return (
      <div
        key="server"
        className="contents"
        onClick={onClick}
        onSubmit={onSubmit}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  };
}
