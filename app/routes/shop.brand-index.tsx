import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, PUBLIC_PAGE, brandHref, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { pageStrings } from '~/modules/i18n/translations.server';
import { requireUserType } from '~/modules/access/shopper.server';
import { BRAND_LETTERS } from '~/modules/catalog/brand-letters';
import { brandIndex } from '~/modules/catalog/brands.server';
import { parseSearchParams } from '~/modules/http/forms.server';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true, showZipcodeModal: true });
export const handle = { access };

const Params = z.object({
  letter: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(BRAND_LETTERS, { message: 'Choose a letter from A to Z, or # for other brands.' }))
    .optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const { letter } = parseSearchParams(request, Params, shopper.language);
  return json(
    { ...(await brandIndex(letter ?? null)), i18n: pageStrings(shopper.language, ['shop']) },
    { headers: shopper.headers },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return data?.selected
    ? pageMeta(
        t('Brands starting with {{letter}}', { letter: data.selected }),
        t('Every brand the store carries starting with {{letter}}.', { letter: data.selected }),
      )
    : pageMeta(t('Brands A to Z'), t('Every brand the store carries, from A to Z.'));
};

export default function BrandIndexPage() {
  const { letters, selected, brands } = useLoaderData<typeof loader>();
  const t = useT();
  const groups = letters
    .map(({ letter }) => ({ letter, brands: brands.filter((brand) => brand.initial === letter) }))
    .filter((group) => group.brands.length > 0);
  return (
    <div className="container-page py-6 md:py-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('Brands A to Z')}</h1>
      <nav aria-label={t('Brands by letter')} className="mt-4">
        <ul className="flex flex-wrap gap-1.5">
          <li>
            <Link
              to="/shop/brand-index"
              aria-current={selected === null ? 'page' : undefined}
              className={`grid h-10 min-w-10 place-items-center rounded-lg border px-3 text-sm font-bold ${
                selected === null ? 'border-brand bg-brand text-white' : 'border-stone-300 bg-white hover:border-brand'
              }`}
            >
              {t('All')}
            </Link>
          </li>
          {letters.map(({ letter, count }) => (
            <li key={letter}>
              {count === 0 ? (
                <span
                  aria-disabled="true"
                  title={t('No brands start with {{letter}}', { letter })}
                  className="grid h-10 w-10 cursor-not-allowed place-items-center rounded-lg border border-stone-200 text-sm font-bold text-stone-400"
                >
                  <span aria-hidden="true">{letter}</span>
                  <span className="sr-only">
                    {letter === '#' ? t('Other') : letter} {t('(no brands)')}
                  </span>
                </span>
              ) : (
                <Link
                  to={`/shop/brand-index?letter=${encodeURIComponent(letter)}`}
                  aria-current={selected === letter ? 'page' : undefined}
                  aria-label={t('{{letter}}, {{count}} brands', {
                    letter: letter === '#' ? t('Other') : letter,
                    count,
                  })}
                  className={`grid h-10 w-10 place-items-center rounded-lg border text-sm font-bold ${
                    selected === letter
                      ? 'border-brand bg-brand text-white'
                      : 'border-stone-300 bg-white hover:border-brand'
                  }`}
                >
                  {letter}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 space-y-6">
        {groups.map((group) => (
          <section key={group.letter} aria-labelledby={`letter-${group.letter === '#' ? 'other' : group.letter}`}>
            <h2
              id={`letter-${group.letter === '#' ? 'other' : group.letter}`}
              className="border-b border-stone-200 pb-1 text-xl font-bold"
            >
              {group.letter}
            </h2>
            <ul
              className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4"
              data-testid="brand-list"
            >
              {group.brands.map((brand) => (
                <li key={brand.slug}>
                  <Link
                    to={brandHref(brand.slug)}
                    className="block rounded px-1 py-1 text-sm hover:text-brand hover:underline"
                  >
                    {brand.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
