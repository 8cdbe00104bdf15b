import { Link, useRouteLoaderData } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

/**
 * On the business site, beside a shelf price: business prices need a business account. Signed-in
 * consumer accounts are told so; guests get the ways in. Renders nothing on the consumer site.
 */
export function BusinessPriceHint() {
  const t = useT();
  const root = useRouteLoaderData<{ siteType?: 'C' | 'B'; userType?: string }>('root');
  if (root?.siteType !== 'B') return null;
  return (
    <p className="mt-1 text-sm text-stone-600" data-testid="business-price-hint">
      {root.userType === 'C' ? (
        t('Business prices are for business accounts.')
      ) : (
        <>
          {t('Business prices after you')}{' '}
          <Link to="/account/sign-in.html" className="font-semibold text-brand-dark underline">
            {t('sign in')}
          </Link>{' '}
          {t('or')}{' '}
          <Link to="/account/create-account.html" className="font-semibold text-brand-dark underline">
            {t('open a business account')}
          </Link>
          .
        </>
      )}
    </p>
  );
}
