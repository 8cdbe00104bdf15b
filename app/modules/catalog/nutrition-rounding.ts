/**
 * How a Nutrition Facts label rounds what it declares (21 CFR 101.9(c)) and the 2020 label's daily
 * values for adults and children 4 years and older (21 CFR 101.9(c)(8)(iv) and (c)(9)).
 */

export type NutrientId =
  | 'totalFat'
  | 'saturatedFat'
  | 'transFat'
  | 'cholesterol'
  | 'sodium'
  | 'totalCarbohydrate'
  | 'dietaryFiber'
  | 'totalSugars'
  | 'addedSugars'
  | 'protein'
  | 'vitaminD'
  | 'calcium'
  | 'iron'
  | 'potassium';

export type NutrientUnit = 'g' | 'mg' | 'mcg';

/** A declared amount: a number in the nutrient's unit, or "less than" one (cholesterol, carbohydrates, protein). */
export interface DeclaredAmount {
  value: number;
  lessThan: boolean;
}

/** The 2020 daily values; trans fat and total sugars have none, protein's is shown only with a protein claim. */
export const DAILY_VALUES: Partial<Record<NutrientId, number>> = {
  totalFat: 78,
  saturatedFat: 20,
  cholesterol: 300,
  sodium: 2300,
  totalCarbohydrate: 275,
  dietaryFiber: 28,
  addedSugars: 50,
  protein: 50,
  vitaminD: 20,
  calcium: 1300,
  iron: 18,
  potassium: 4700,
};

export const NUTRIENT_UNITS: Record<NutrientId, NutrientUnit> = {
  totalFat: 'g',
  saturatedFat: 'g',
  transFat: 'g',
  cholesterol: 'mg',
  sodium: 'mg',
  totalCarbohydrate: 'g',
  dietaryFiber: 'g',
  totalSugars: 'g',
  addedSugars: 'g',
  protein: 'g',
  vitaminD: 'mcg',
  calcium: 'mg',
  iron: 'mg',
  potassium: 'mg',
};

const VITAMINS_AND_MINERALS: ReadonlySet<NutrientId> = new Set(['vitaminD', 'calcium', 'iron', 'potassium']);

function toNearest(value: number, step: number): number {
  // Through tenths, so 0.1 steps do not come back as 0.30000000000000004.
  return Math.round(Math.round(value / step) * step * 10) / 10;
}

const exact = (value: number): DeclaredAmount => ({ value, lessThan: false });

/** Calories: under 5 is 0, up to 50 to the nearest 5, above 50 to the nearest 10 (101.9(c)(1)). */
export function roundCalories(kcal: number): number {
  if (kcal < 5) return 0;
  if (kcal <= 50) return toNearest(kcal, 5);
  return toNearest(kcal, 10);
}

/** The amount a label declares for a nutrient, rounded as 101.9(c)(2)-(8) says. */
export function roundNutrient(id: NutrientId, amount: number): DeclaredAmount {
  switch (id) {
    case 'totalFat':
    case 'saturatedFat':
    case 'transFat':
      // (c)(2): under 0.5 g is 0; under 5 g to the nearest 0.5 g; above that to the nearest gram.
      if (amount < 0.5) return exact(0);
      return exact(amount < 5 ? toNearest(amount, 0.5) : toNearest(amount, 1));
    case 'cholesterol':
      // (c)(3): under 2 mg is 0; 2 to 5 mg is "less than 5 mg"; above that to the nearest 5 mg.
      if (amount < 2) return exact(0);
      if (amount <= 5) return { value: 5, lessThan: true };
      return exact(toNearest(amount, 5));
    case 'sodium':
      // (c)(4): under 5 mg is 0; 5 to 140 mg to the nearest 5 mg; above that to the nearest 10 mg.
      if (amount < 5) return exact(0);
      return exact(amount <= 140 ? toNearest(amount, 5) : toNearest(amount, 10));
    case 'totalCarbohydrate':
    case 'dietaryFiber':
    case 'totalSugars':
    case 'addedSugars':
    case 'protein':
      // (c)(6), (c)(7): under 0.5 g is 0; under 1 g is "less than 1 g"; above that to the nearest gram.
      if (amount < 0.5) return exact(0);
      if (amount < 1) return { value: 1, lessThan: true };
      return exact(toNearest(amount, 1));
    case 'vitaminD':
    case 'iron':
      // FDA's rounding table for the 2016 rule: 0.1 mcg and 0.1 mg.
      return exact(toNearest(amount, 0.1));
    case 'calcium':
    case 'potassium':
      return exact(toNearest(amount, 10));
  }
}

/**
 * The percent of the daily value a label shows, or null for nutrients without one (trans fat,
 * total sugars, protein). Macronutrients go to the nearest percent of the declared amount;
 * vitamins and minerals to 2 % steps up to 10 %, 5 % steps up to 50 % and 10 % steps above (101.9(c)(8)(iii)),
 * under 2 % being 0.
 */
export function percentDailyValue(id: NutrientId, amount: number): number | null {
  const daily = DAILY_VALUES[id];
  if (daily === undefined || id === 'protein') return null;
  if (VITAMINS_AND_MINERALS.has(id)) {
    const percent = (amount / daily) * 100;
    if (percent < 2) return 0;
    if (percent <= 10) return toNearest(percent, 2);
    if (percent <= 50) return toNearest(percent, 5);
    return toNearest(percent, 10);
  }
  const declared = roundNutrient(id, amount);
  // A "less than" amount has its percent from the amount itself: 0.7 g of fibre is 3 %, not 4 %.
  const basis = declared.lessThan ? amount : declared.value;
  return Math.round((basis / daily) * 100);
}

/** "8g", "less than 1g", "0.5mg", as a label prints them. */
export function formatDeclared(id: NutrientId, declared: DeclaredAmount): string {
  const unit = NUTRIENT_UNITS[id];
  return declared.lessThan ? `less than ${declared.value}${unit}` : `${declared.value}${unit}`;
}

/** Servings per container: 2 to 5 to the nearest half, otherwise the nearest whole (101.9(b)(8)). */
export function roundServings(servings: number): number {
  if (servings >= 2 && servings <= 5) return Math.round(servings * 2) / 2;
  return Math.max(1, Math.round(servings));
}
