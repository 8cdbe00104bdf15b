import { renderIllustrationSvg, type IllustrationShape } from './illustration';
import { MARKETPLACE_ITEMS } from '~/db/seed/data/marketplace-vocabulary';
import { RECIPES } from '~/db/seed/data/recipe-vocabulary';
import { DEPARTMENTS } from '~/db/seed/data/shelf-vocabulary';

interface IllustrationSpec {
  shape: IllustrationShape;
  color: string;
  accent: string;
  label?: string;
}

const WINE_COLOURS: Record<string, IllustrationSpec> = {
  'wine-red': { shape: 'wine-bottle', color: '#7f1d1d', accent: '#fde68a', label: 'RED' },
  'wine-white': { shape: 'wine-bottle', color: '#d9c36a', accent: '#14532d', label: 'WHITE' },
  'wine-rose': { shape: 'wine-bottle', color: '#f472b6', accent: '#fff1f2', label: 'ROSÉ' },
  'wine-sparkling': { shape: 'wine-bottle', color: '#eab308', accent: '#1f2937', label: 'BRUT' },
};

/** Rewards that are not a product: money off an order, and fuel. */
const REWARD_ART: Record<string, IllustrationSpec> = {
  'reward-dollars': { shape: 'box', color: '#15803d', accent: '#facc15', label: '$' },
  'reward-gas': { shape: 'can', color: '#b91c1c', accent: '#fef3c7', label: 'FUEL' },
};

let registry: Map<string, IllustrationSpec> | undefined;

function build(): Map<string, IllustrationSpec> {
  const map = new Map<string, IllustrationSpec>([...Object.entries(WINE_COLOURS), ...Object.entries(REWARD_ART)]);
  for (const department of DEPARTMENTS)
    for (const aisle of department.aisles) for (const item of aisle.items) map.set(item.key, item.illustration);
  for (const item of MARKETPLACE_ITEMS) map.set(item.key, item.illustration);
  for (const recipe of RECIPES) map.set(`recipe-${recipe.slug}`, recipe.illustration);
  return map;
}

const rendered = new Map<string, string>();

/** The SVG for an image key, or null when no product, recipe or wine uses that key. */
export function illustrationSvg(key: string): string | null {
  const cached = rendered.get(key);
  if (cached) return cached;
  registry ??= build();
  const spec = registry.get(key);
  if (!spec) return null;
  const svg = renderIllustrationSvg(spec);
  if (rendered.size < 5_000) rendered.set(key, svg);
  return svg;
}
