import { useT } from '~/components/page-essentials';
import type { NutritionFacts } from '~/modules/catalog/nutrition';
import type { T } from '~/modules/i18n/translate';

const INDENT = ['', 'pl-4', 'pl-8'] as const;

/** nutrition.ts's "About 7 servings per container" with its count as a plural key; "Varied …" is a key as it is. */
function servingsText(text: string, t: T) {
  const about = /^About (\d+(?:\.\d+)?) servings? per container$/.exec(text);
  return about ? t('About {{count}} servings per container', { count: Number(about[1]) }) : t(text);
}

/**
 * The Nutrition Facts panel as a table (a caption, column and row headers), so a screen reader and a
 * text browser read each amount with its nutrient; then the ingredients and the allergen statement.
 */
export function NutritionLabel({ facts }: { facts: NutritionFacts }) {
  const t = useT();
  return (
    <section aria-labelledby="nutrition-heading" className="mt-6" data-testid="nutrition">
      <h2 id="nutrition-heading" className="text-lg font-bold">
        {t('Nutrition and ingredients')}
      </h2>
      <table className="mt-2 w-full max-w-sm border-2 border-stone-900 bg-white text-sm text-stone-900">
        <caption className="caption-top border-2 border-b-0 border-stone-900 bg-white px-2 pt-1 text-left">
          <span className="block text-3xl font-black leading-tight">{t('Nutrition Facts')}</span>{' '}
          <span className="block">{servingsText(facts.servingsPerContainer, t)}</span>
        </caption>
        <tbody>
          <tr className="border-b-8 border-stone-900">
            <th scope="row" className="px-2 py-1 text-left font-bold">
              {t('Serving size')}
            </th>
            <td colSpan={2} className="px-2 py-1 text-right font-bold">
              {facts.servingSize}
            </td>
          </tr>
          <tr className="border-b-4 border-stone-900">
            <th scope="row" className="px-2 py-1 text-left text-xl font-black">
              {t('Calories')}
            </th>
            <td colSpan={2} className="px-2 py-1 text-right text-2xl font-black">
              {facts.calories}
            </td>
          </tr>
          {/* Column headers after the serving rows, as on a printed label; a row of th scope="col" keeps them headers. */}
          <tr className="border-b border-stone-900 text-xs">
            <th scope="col" className="px-2 py-1 text-left">
              {t('Nutrient')}
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              {t('Amount per serving')}
            </th>
            <th scope="col" className="px-2 py-1 text-right">
              {t('% Daily Value*')}
            </th>
          </tr>
          {facts.nutrients.map((line) => (
            <tr
              key={line.id}
              className={line.id === 'protein' ? 'border-b-8 border-stone-900' : 'border-b border-stone-400'}
            >
              <th
                scope="row"
                className={`px-2 py-0.5 text-left ${line.indent ? 'font-normal' : 'font-bold'} ${INDENT[line.indent]}`}
              >
                {t(line.id === 'addedSugars' ? 'Includes Added Sugars' : line.label)}
              </th>
              <td className="px-2 py-0.5 text-right">{line.amount}</td>
              <td className="px-2 py-0.5 text-right font-bold">
                {line.percentDailyValue === null ? '' : `${line.percentDailyValue}%`}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="px-2 py-1 text-xs">
              {t(
                '* The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.',
              )}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-3 max-w-prose text-sm text-stone-700" data-testid="ingredients">
        <span className="font-bold text-stone-900">{t('Ingredients:')} </span>
        {facts.ingredients}.
      </p>
      {facts.allergens.length ? (
        <p className="mt-1 text-sm font-bold" data-testid="allergens">
          {t('Contains:')} {facts.allergens.map((allergen) => t(allergen)).join(', ')}.
        </p>
      ) : null}
    </section>
  );
}
