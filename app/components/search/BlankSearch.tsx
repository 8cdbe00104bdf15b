import { Form, Link } from '@remix-run/react';
import { useT } from '~/components/page-essentials';

const PATH = '/shop/search-results.html';
const EXAMPLES = ['bananas', 'chocolate milk', 'organic eggs', 'sourdough bread', 'coffee', 'pasta sauce'];

/** A search with nothing to search for: a search box, examples and the departments. */
export function BlankSearch({
  text,
  departments,
  searchHref,
}: {
  text: string;
  departments: { slug: string; name: string; imageKey: string }[];
  /** The route's search links (modules/search/query), passed in to keep query.ts out of a file of its own. */
  searchHref: (params: { q?: string; department?: string }) => string;
}) {
  const t = useT();
  return (
    <div className="container-page py-8 md:py-12">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-2xl font-extrabold md:text-3xl">{t('What are you looking for?')}</h1>
        <p className="mt-2 text-stone-600">
          {text
            ? t('“{{text}}” has no letters or numbers to search for. Type a product, brand or recipe.', { text })
            : t('Type a product, brand or recipe — or start from a department below.')}
        </p>
        <Form
          method="get"
          action={PATH}
          role="search"
          aria-label={t('Search again')}
          className="mx-auto mt-5 flex max-w-xl gap-2"
        >
          <label htmlFor="page-search" className="sr-only">
            {t('Search products and recipes')}
          </label>
          <input
            id="page-search"
            name="q"
            type="search"
            defaultValue={text}
            className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2"
          />
          <button type="submit" className="btn-primary">
            {t('Search')}
          </button>
        </Form>
        <p className="mt-4 text-sm text-stone-600">
          {t('Try')}{' '}
          {EXAMPLES.map((example, index) => (
            <span key={example}>
              {index > 0 ? ', ' : ''}
              <Link to={searchHref({ q: example })} className="font-semibold text-brand-dark underline">
                {example}
              </Link>
            </span>
          ))}
          .
        </p>
      </div>
      <section aria-labelledby="blank-departments" className="mt-10">
        <h2 id="blank-departments" className="text-xl font-bold">
          {t('Shop by department')}
        </h2>
        <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
          {departments.map((department) => (
            <li key={department.slug}>
              <Link
                to={searchHref({ department: department.slug })}
                className="card flex h-full flex-col items-center gap-2 p-3 text-center text-xs font-semibold hover:border-brand md:text-sm"
              >
                <img
                  src={`/images/products/${department.imageKey}.svg`}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-14 w-14"
                />
                {department.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
