import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

const REASONS: Record<string, string> = {
  expired: 'Your session ended, so we signed you out to keep your account safe.',
  'system-error': 'Something went wrong on our side, so we signed you out. Please sign in again.',
  'other-account':
    'A different account was signed in on this browser, so we signed you out of yours to keep it safe. Please sign in again.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const reason = new URL(request.url).searchParams.get('state') ?? '';
  return json(
    { reason: REASONS[reason] ?? null, i18n: pageStrings(shopper.language, ['account']) },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Signed out'), t('You are signed out. Sign in again to see your account and orders.'));
};

export default function SignedOutPage() {
  const { reason } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container-page max-w-md py-16 text-center">
      <h1 className="text-2xl font-extrabold">{t("You're signed out")}</h1>
      {reason ? (
        <p className="mt-2 text-stone-700" data-testid="sign-out-reason">
          {t(reason)}
        </p>
      ) : null}
      <p className="mt-2 text-stone-600">{t('Your store is remembered for your next visit.')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t('Keep shopping')}
        </Link>
        <Link to="/account/sign-in.html" className="btn-outline">
          {t('Sign in again')}
        </Link>
      </div>
    </div>
  );
}
