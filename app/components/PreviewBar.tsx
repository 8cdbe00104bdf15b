import type { ContentModeChrome } from '~/modules/content/content-mode';

/**
 * The bar on every page while a content editor previews the storefront: which mode, as of when, and a way out, in
 * the words the root loader wrote in the page's language. A plain form, so it works the same with JavaScript off;
 * its code loads only on pages in a content mode.
 */
export function PreviewBar({ contentMode }: { contentMode: ContentModeChrome }) {
  const { words } = contentMode;
  return (
    <section
      aria-label={words.region}
      className="border-b-4 border-violet-700 bg-violet-50 text-violet-950"
      data-testid="preview-bar"
      data-content-mode={contentMode.mode}
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
        <p>
          <span className="font-bold">{words.name}:</span> {words.lead}{' '}
          <time className="font-semibold">{contentMode.label}</time>
          {words.rest}
        </p>
        <form method="post" action="/content/mode">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="font-semibold underline">
            {words.leave}
          </button>
        </form>
      </div>
    </section>
  );
}
