import type { RecipeCard as RecipeCardData } from '~/modules/search/recipe-search.server';
import type { ReactNode } from 'react';
import { useT } from '~/components/page-essentials';
import { RecipeCard } from './RecipeCard';

/** The recipes tab of the search results, when it found some. */
export function RecipeResults({
  recipes,
  pagination,
}: {
  recipes: { items: RecipeCardData[]; total: number; page: number; pageCount: number };
  /** The route's Pagination, passed in: importing it here would split it into a file of its own. */
  pagination: ReactNode;
}) {
  const t = useT();
  return (
    <div>
      <p className="text-sm text-stone-700" role="status">
        <span className="font-bold text-stone-900">{recipes.total.toLocaleString('en-US')}</span>{' '}
        {t(recipes.total === 1 ? 'recipe' : 'recipes')}
      </p>
      <h2 className="sr-only">{t('Recipes')}</h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('Recipes')}>
        {recipes.items.map((recipe, index) => (
          <li key={recipe.slug}>
            <RecipeCard recipe={recipe} eager={index < 4} />
          </li>
        ))}
      </ul>
      {pagination}
    </div>
  );
}
