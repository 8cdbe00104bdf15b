/**
 * A grocery product's Nutrition Facts label, ingredients and allergen statement, derived from what
 * the catalogue knows about it (aisle, name, size) and seeded by its id, so every product, however
 * many the catalogue holds, has the same label on every request without a table of its own
 * (docs/decisions/0104-nutrition-facts-from-the-catalogue.md).
 */
import {
  ALLERGEN_WORDS,
  FOOD_RULES,
  ITEM,
  MAJOR_ALLERGENS,
  NOT_DAIRY,
  WHEAT_FREE,
  type Allergen,
  type FoodProfile,
  type RawAmounts,
} from './nutrition-rules';
import {
  formatDeclared,
  percentDailyValue,
  roundCalories,
  roundNutrient,
  roundServings,
  type NutrientId,
} from './nutrition-rounding';

export interface NutrientLine {
  id: NutrientId;
  label: string;
  /** "8g", "less than 1g". */
  amount: string;
  /** null: the nutrient has no daily value on the label. */
  percentDailyValue: number | null;
  /** Printed indented under the line above (saturated fat under total fat, and so on). */
  indent: 0 | 1 | 2;
}

export interface NutritionFacts {
  /** "About 8 servings per container", or "Varied servings per container" for a product sold by weight or the each. */
  servingsPerContainer: string;
  servingSize: string;
  calories: number;
  nutrients: NutrientLine[];
  ingredients: string;
  /** The major allergens in label order; empty when there are none. */
  allergens: Allergen[];
}

export interface LabelledProduct {
  id: number;
  /** The product's name as sold: "Meadow Dairy 2% Reduced Fat Milk, 1 gal". */
  name: string;
  brand: string;
  aisleSlug: string | null;
}

const LINES: { id: NutrientId; label: string; indent: 0 | 1 | 2 }[] = [
  { id: 'totalFat', label: 'Total Fat', indent: 0 },
  { id: 'saturatedFat', label: 'Saturated Fat', indent: 1 },
  { id: 'transFat', label: 'Trans Fat', indent: 1 },
  { id: 'cholesterol', label: 'Cholesterol', indent: 0 },
  { id: 'sodium', label: 'Sodium', indent: 0 },
  { id: 'totalCarbohydrate', label: 'Total Carbohydrate', indent: 0 },
  { id: 'dietaryFiber', label: 'Dietary Fiber', indent: 1 },
  { id: 'totalSugars', label: 'Total Sugars', indent: 1 },
  { id: 'addedSugars', label: 'Added Sugars', indent: 2 },
  { id: 'protein', label: 'Protein', indent: 0 },
  { id: 'vitaminD', label: 'Vitamin D', indent: 0 },
  { id: 'calcium', label: 'Calcium', indent: 0 },
  { id: 'iron', label: 'Iron', indent: 0 },
  { id: 'potassium', label: 'Potassium', indent: 0 },
];

/** The label of a grocery product, or null for one that has none (not food, alcohol, infant formula, supplements). */
export function nutritionFacts(product: LabelledProduct): NutritionFacts | null {
  const label = labelContents(product);
  if (!label) return null;
  const { rule, amounts, ingredients, allergens } = label;
  // Atwater factors: 9 kcal a gram of fat, 4 of protein and of digestible carbohydrate, 2 of fibre.
  const kcal =
    9 * amounts.totalFat +
    4 * (amounts.totalCarbohydrate - amounts.dietaryFiber) +
    2 * amounts.dietaryFiber +
    4 * amounts.protein;
  return {
    servingsPerContainer: servingsPerContainer(rule.profile, product.name),
    servingSize: rule.profile.serving,
    calories: roundCalories(kcal),
    nutrients: LINES.map((line) => nutrientLine(line, amounts[line.id])),
    ingredients: ingredients.join(', '),
    allergens,
  };
}

/**
 * What a product's label is made of before it is printed: the rule that fits, the amounts in a serving
 * (unrounded), the ingredients and the major allergens. Null when the product carries no label. The
 * search's stored label flags (label-flags.ts) are computed from this, so the page and the filters agree.
 */
export function labelContents(product: LabelledProduct) {
  if (!product.aisleSlug) return null;
  const words = itemWords(product);
  const rule = FOOD_RULES.find(
    (candidate) => candidate.aisles.includes(product.aisleSlug!) && (!candidate.match || candidate.match.test(words)),
  );
  if (!rule) return null;
  const amounts = adjustForClaims(jitter(rule.profile.amounts, product.id), words);
  const { ingredients, allergens } = ingredientsAndAllergens(rule.profile, words, itemName(product));
  return { rule, amounts, ingredients, allergens };
}

/** "2% Reduced Fat Milk" out of "Meadow Dairy 2% Reduced Fat Milk, 1 gal": the brand's words are not the food's. */
export function itemName(product: Pick<LabelledProduct, 'name' | 'brand'>): string {
  const withoutBrand = product.name.startsWith(product.brand) ? product.name.slice(product.brand.length) : product.name;
  const comma = withoutBrand.lastIndexOf(',');
  return (comma === -1 ? withoutBrand : withoutBrand.slice(0, comma)).trim();
}

/** The food's name in lower case, which the rules' patterns read. */
export function itemWords(product: Pick<LabelledProduct, 'name' | 'brand'>): string {
  return itemName(product).toLowerCase();
}

function nutrientLine(line: (typeof LINES)[number], amount: number): NutrientLine {
  const percent = percentDailyValue(line.id, amount);
  // A vitamin or mineral under 2 % of its daily value is declared as zero (101.9(c)(8)(iii)).
  const declared =
    percent === 0 && isVitaminOrMineral(line.id) ? { value: 0, lessThan: false } : roundNutrient(line.id, amount);
  return { ...line, amount: formatDeclared(line.id, declared), percentDailyValue: percent };
}

function isVitaminOrMineral(id: NutrientId): boolean {
  return id === 'vitaminD' || id === 'calcium' || id === 'iron' || id === 'potassium';
}

/** One product differs from another of its kind by up to 10 %, the same every time (a hash of its id). */
function jitter(amounts: RawAmounts, id: number): RawAmounts {
  const factor = 0.9 + 0.2 * unitHash(id);
  const sodiumFactor = 0.9 + 0.2 * unitHash(id * 31 + 7);
  const out = { ...amounts };
  for (const key of Object.keys(out) as (keyof RawAmounts)[]) {
    out[key] = amounts[key] * (key === 'sodium' ? sodiumFactor : factor);
  }
  return out;
}

/** A number in [0, 1) from an integer, the same on every machine (a 32-bit integer mix). */
export function unitHash(n: number): number {
  let x = (n | 0) ^ 0x9e3779b9;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}

/** What the name promises, the label keeps: "Low Sodium" is at most 140 mg, "Fat Free" has none, "Zero Sugar" none. */
function adjustForClaims(amounts: RawAmounts, words: string): RawAmounts {
  const out = { ...amounts };
  if (/low sodium|reduced sodium|less sodium|no salt added|unsalted/.test(words))
    out.sodium = Math.min(out.sodium * 0.3, 140);
  if (/fat free|nonfat/.test(words)) {
    out.totalFat = 0;
    out.saturatedFat = 0;
    out.transFat = 0;
  } else if (/reduced fat|low fat|\blight\b|\blite\b/.test(words) && !/\d% /.test(words)) {
    out.totalFat *= 0.6;
    out.saturatedFat *= 0.6;
  }
  if (/sugar-free|zero sugar|\bdiet\b|unsweetened|no sugar added/.test(words)) {
    out.totalCarbohydrate = Math.max(0, out.totalCarbohydrate - out.addedSugars);
    out.totalSugars = Math.max(0, out.totalSugars - out.addedSugars);
    out.addedSugars = 0;
  }
  return out;
}

function ingredientsAndAllergens(
  profile: FoodProfile,
  words: string,
  item: string,
): { ingredients: string[]; allergens: Allergen[] } {
  const ingredients = profile.ingredients.map((ingredient) => (ingredient === ITEM ? item : ingredient));
  const allergens = new Set<Allergen>(profile.allergens);
  for (const { pattern, allergen, ingredient } of ALLERGEN_WORDS) {
    if (allergens.has(allergen) || !pattern.test(words)) continue;
    if (allergen === 'Milk' && NOT_DAIRY.test(words)) continue;
    if (allergen === 'Wheat' && WHEAT_FREE.test(words)) continue;
    allergens.add(allergen);
    ingredients.push(ingredient);
  }
  if (WHEAT_FREE.test(words) && allergens.delete('Wheat')) {
    for (let i = 0; i < ingredients.length; i += 1) {
      ingredients[i] = ingredients[i]!.replace(
        /Enriched Wheat Flour \([^)]*\)|Semolina \(Wheat\)|Durum Flour \(Wheat\)/,
        'Rice Flour',
      ).replace(/Wheat Flour|Wheat/g, 'Rice Flour');
    }
  }
  return {
    ingredients: [...new Set(ingredients)],
    allergens: MAJOR_ALLERGENS.filter((allergen) => allergens.has(allergen)),
  };
}

const GRAMS_PER: Record<string, number> = { lb: 453.6, oz: 28.35, 'fl oz': 29.57, gal: 3785, qt: 946, l: 1000, ml: 1 };

/** From the size in the name ("1 gal", "12 pk 12 fl oz bottles", "12 ct"): about how many servings it holds. */
function servingsPerContainer(profile: FoodProfile, name: string): string {
  const size = name.slice(name.lastIndexOf(',') + 1).toLowerCase();
  const match = /(?:(\d+) pk,? )?(\d+(?:\.\d+)?) ?(fl oz|oz|lb|gal|qt|ml|l|ct)\b/.exec(size);
  const varied = 'Varied servings per container';
  if (!match) return varied;
  const [, packs, quantity, unit] = match;
  let servings: number;
  if (unit === 'ct') {
    if (!profile.perCount) return varied;
    servings = Number(quantity);
  } else {
    servings = (Number(packs ?? 1) * Number(quantity) * GRAMS_PER[unit!]!) / profile.servingGrams;
  }
  const rounded = roundServings(servings);
  return `About ${rounded} serving${rounded === 1 ? '' : 's'} per container`;
}
