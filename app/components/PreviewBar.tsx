import type { ContentModeChrome } from '~/modules/content/content-mode';

/**
 * The bar on every page while a content editor previews the storefront: which mode, as of when, and a way out.
 * A plain form, so it works the same with JavaScript off; its code loads only on pages in a content mode.
 */
export function PreviewBar({ contentMode }: { contentMode: ContentModeChrome }) {
  const author = contentMode.mode === 'author';
  return (
    <section
      aria-label={author ? 'Author mode' : 'Preview mode'}
      className="border-b-4 border-violet-700 bg-violet-50 text-violet-950"
      data-testid="preview-bar"
      data-content-mode={contentMode.mode}
    >
      <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
        <p>
          <span className="font-bold">{author ? 'Author mode' : 'Preview'}:</span> you are seeing the storefront as of{' '}
          <time className="font-semibold">{contentMode.label}</time>, with offers not yet live. Shoppers do not see
          this.
        </p>
        <form method="post" action="/content/mode">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="font-semibold underline">
            Leave {author ? 'author mode' : 'preview'}
          </button>
        </form>
      </div>
    </section>
  );
}
