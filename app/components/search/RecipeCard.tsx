import { recipeHref, useT } from '~/components/page-essentials';
import type { RecipeCard as RecipeCardData } from '~/modules/search/recipe-search.server';

export function RecipeCard({ recipe, eager = false }: { recipe: RecipeCardData; eager?: boolean }) {
  const t = useT();
  const href = recipeHref(recipe.slug);
  return (
    <article className="card group flex flex-col overflow-hidden">
      <a href={href} className="block bg-amber-50 p-4" tabIndex={-1} aria-hidden="true">
        <img
          src={`/images/products/${recipe.imageKey}.svg`}
          alt=""
          width={240}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="mx-auto aspect-square w-full max-w-[160px] transition-transform group-hover:scale-105"
        />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-bold leading-snug">
          <a href={href} className="hover:text-brand hover:underline">
            {recipe.title}
          </a>
        </h3>
        <p className="line-clamp-2 text-sm text-stone-600">{recipe.description}</p>
        <p className="mt-auto pt-2 text-xs font-semibold text-stone-700">
          {t('{{minutes}} min · serves {{servings}}', { minutes: recipe.minutes, servings: recipe.servings })}
        </p>
      </div>
    </article>
  );
}
