import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import type { ContentLinkPage } from '~/modules/content/content-link-page.server';
import { contentLinkPage, contentModeAction, requireUserType } from '~/pages/content-mode.server';

/** A content editor's signed link opens here (decision 0093); anyone may open it, only a valid link does anything. */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

/** The link page is never cached or indexed either: its address carries the token. */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return contentLinkPage(request, shopper);
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  return contentModeAction(request, shopper);
}

export const meta: MetaFunction = () => [
  ...pageMeta('Content preview', 'Preview the storefront as a content editor.'),
  { name: 'robots', content: 'noindex' },
];

export default function ContentModePage() {
  const loaded = useLoaderData<typeof loader>() as ContentLinkPage;
  const refused = useActionData<typeof action>() as ContentLinkPage | undefined;
  const page = refused ?? loaded;
  return (
    <div className="container-page max-w-xl py-16">
      <div className="card p-6 text-center">
        {page.kind === 'refused' ? (
          <>
            <h1 className="text-2xl font-extrabold">We could not open this preview</h1>
            <p className="mt-2 text-stone-700" role="alert" data-testid="content-link-error">
              {page.message}
            </p>
            <a href="/" className="btn-outline mt-6">
              Go to the storefront
            </a>
          </>
        ) : page.kind === 'active' ? (
          <>
            <h1 className="text-2xl font-extrabold">{page.modeLabel} mode is on</h1>
            <p className="mt-2 text-stone-700">You are seeing the storefront as of {page.momentLabel}.</p>
            <form method="post" className="mt-6">
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="btn-outline px-8 py-3 text-base">
                Leave {page.modeLabel.toLowerCase()} mode
              </button>
            </form>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold">{page.modeLabel} the storefront</h1>
            <p className="mt-2 text-stone-700">
              Pages will show the storefront as of <strong>{page.momentLabel}</strong>, including offers not yet live,
              until you leave {page.modeLabel.toLowerCase()} mode. Shoppers do not see this.
            </p>
            <form method="post" className="mt-6">
              <input type="hidden" name="intent" value="enter" />
              <input type="hidden" name="token" value={page.token} />
              <button type="submit" className="btn-primary px-8 py-3 text-base">
                Open {page.modeLabel.toLowerCase()} mode
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
