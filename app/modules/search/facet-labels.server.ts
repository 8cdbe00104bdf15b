import type { ProductResults } from './search.server';

type Translate = (key: string, options?: Record<string, string>) => string;
type Facets = ProductResults['facets'];

const HOUSEHOLD = /^Your household's allergens \((.*)\)$/;

/**
 * The facets with their fixed labels in the page's language: departments, aisles, diets, prices, allergens and
 * claims carry their English names as shop.json keys. Brand names are brand data and stay as they are.
 */
export function translateFacets(facets: Facets, t: Translate): Facets {
  const labels = (options: Facets['departments']) => options.map((option) => ({ ...option, label: t(option.label) }));
  return {
    ...facets,
    departments: labels(facets.departments),
    aisles: labels(facets.aisles),
    diets: labels(facets.diets),
    prices: labels(facets.prices),
    nutrition: labels(facets.nutrition),
    freeFrom: facets.freeFrom.map((option) => {
      const household = HOUSEHOLD.exec(option.label);
      const label = household
        ? t("Your household's allergens ({{names}})", {
            names: household[1]!
              .split(', ')
              .map((noun) => t(noun))
              .join(', '),
          })
        : t(option.label);
      return { ...option, label };
    }),
  };
}

/**
 * A wine or marketplace listing's facet groups with the price ranges' fixed labels in the page's language; the other
 * groups (sellers, varietals, regions) are catalogue data and stay as they are.
 */
export function translatePriceGroups<G extends { param: string; options: { label: string }[] }>(
  groups: G[],
  t: Translate,
): G[] {
  return groups.map((group) =>
    group.param === 'price'
      ? { ...group, options: group.options.map((option) => ({ ...option, label: t(option.label) })) }
      : group,
  );
}
