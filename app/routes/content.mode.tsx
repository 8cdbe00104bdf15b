import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import type { ContentLinkPage } from '~/modules/content/content-link-page.server';
import type { ContentModeName } from '~/modules/content/content-mode';
import type { T } from '~/modules/i18n/translate';
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

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [
    ...pageMeta(t('Content preview'), t('Preview the storefront as a content editor.')),
    { name: 'robots', content: 'noindex' },
  ];
};

/** Each mode's sentences whole: a mode's name inside a sentence does not translate word for word. */
function modeWords(t: T, mode: ContentModeName) {
  return mode === 'author'
    ? {
        heading: t('Author the storefront'),
        open: t('Open author mode'),
        on: t('Author mode is on'),
        leave: t('Leave author mode'),
        until: t(', including offers not yet live, until you leave author mode. Shoppers do not see this.'),
      }
    : {
        heading: t('Preview the storefront'),
        open: t('Open preview mode'),
        on: t('Preview mode is on'),
        leave: t('Leave preview mode'),
        until: t(', including offers not yet live, until you leave preview mode. Shoppers do not see this.'),
      };
}

export default function ContentModePage() {
  const t = useT();
  const loaded = useLoaderData<typeof loader>() as ContentLinkPage;
  const refused = useActionData<typeof action>() as ContentLinkPage | undefined;
  const page = refused ?? loaded;
  const words = page.kind === 'refused' ? null : modeWords(t, page.mode);
  return (
    <div className="container-page max-w-xl py-16">
      <div className="card p-6 text-center">
        {page.kind === 'refused' ? (
          <>
            <h1 className="text-2xl font-extrabold">{t('We could not open this preview')}</h1>
            <p className="mt-2 text-stone-700" role="alert" data-testid="content-link-error">
              {page.message}
            </p>
            <a href="/" className="btn-outline mt-6">
              {t('Go to the storefront')}
            </a>
          </>
        ) : page.kind === 'active' ? (
          <>
            <h1 className="text-2xl font-extrabold">{words!.on}</h1>
            <p className="mt-2 text-stone-700">
              {t('You are seeing the storefront as of {{moment}}.', { moment: page.moment })}
            </p>
            <form method="post" className="mt-6">
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="btn-outline px-8 py-3 text-base">
                {words!.leave}
              </button>
            </form>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-extrabold">{words!.heading}</h1>
            <p className="mt-2 text-stone-700">
              {t('Pages will show the storefront as of')} <strong>{page.moment}</strong>
              {words!.until}
            </p>
            <form method="post" className="mt-6">
              <input type="hidden" name="intent" value="enter" />
              <input type="hidden" name="token" value={page.token} />
              <button type="submit" className="btn-primary px-8 py-3 text-base">
                {words!.open}
              </button>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
