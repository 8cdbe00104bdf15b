/**
 * What a grocery product's label plausibly says, by its aisle and the words of its name: a serving,
 * the amounts in it, an ingredient list and the major allergens those ingredients carry. The
 * values are typical of the kind of food (USDA FoodData Central orders of magnitude), not of a real
 * product. docs/decisions/0104-nutrition-facts-from-the-catalogue.md.
 */

/** The nine major food allergens of the FASTER Act, in the order a label lists them. */
export const MAJOR_ALLERGENS = [
  'Milk',
  'Eggs',
  'Fish',
  'Shellfish',
  'Tree Nuts',
  'Peanuts',
  'Wheat',
  'Soybeans',
  'Sesame',
] as const;
export type Allergen = (typeof MAJOR_ALLERGENS)[number];

/** Amounts in one serving, before rounding: g, mg (cholesterol, sodium, calcium, iron, potassium) and mcg (vitamin D). */
export interface RawAmounts {
  totalFat: number;
  saturatedFat: number;
  transFat: number;
  cholesterol: number;
  sodium: number;
  totalCarbohydrate: number;
  dietaryFiber: number;
  totalSugars: number;
  addedSugars: number;
  protein: number;
  vitaminD: number;
  calcium: number;
  iron: number;
  potassium: number;
}

export interface FoodProfile {
  /** "1 cup (240mL)" */
  serving: string;
  /** Grams (or millilitres) in a serving, for servings per container. */
  servingGrams: number;
  /** A serving is one of what the size counts ("12 ct" eggs, "6 ct" bagels). */
  perCount?: boolean;
  amounts: RawAmounts;
  ingredients: string[];
  allergens: Allergen[];
}

// fat, saturated, trans, cholesterol, sodium, carbohydrate, fibre, sugars, added sugars, protein, vitamin D, calcium, iron, potassium
type Row = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

function a(row: Row): RawAmounts {
  const [totalFat, saturatedFat, transFat, cholesterol, sodium, totalCarbohydrate, dietaryFiber] = row;
  const [, , , , , , , totalSugars, addedSugars, protein, vitaminD, calcium, iron, potassium] = row;
  return {
    totalFat,
    saturatedFat,
    transFat,
    cholesterol,
    sodium,
    totalCarbohydrate,
    dietaryFiber,
    totalSugars,
    addedSugars,
    protein,
    vitaminD,
    calcium,
    iron,
    potassium,
  };
}

function p(
  serving: string,
  servingGrams: number,
  row: Row,
  ingredients: string[],
  allergens: Allergen[] = [],
  perCount = false,
): FoodProfile {
  return { serving, servingGrams, amounts: a(row), ingredients, allergens, perCount };
}

/** Stands for the food itself ("Organic Gala Apples"): a one-ingredient food lists its own name. */
export const ITEM = '{item}';

const FLOUR = 'Enriched Wheat Flour (Wheat Flour, Niacin, Reduced Iron, Thiamine Mononitrate, Riboflavin, Folic Acid)';

/** A profile for names matching `match` in one of `aisles`; the first rule that fits wins. */
export interface FoodRule {
  aisles: readonly string[];
  match?: RegExp;
  profile: FoodProfile;
}

// One rule a line reads as a table.
// prettier-ignore
export const FOOD_RULES: readonly FoodRule[] = [
  // Produce
  { aisles: ['fresh-fruit'], match: /banana/, profile: p('1 medium banana (126g)', 126, [0.4, 0.1, 0, 0, 1, 29, 3, 15, 0, 1.3, 0, 6, 0.3, 450], [ITEM]) },
  { aisles: ['fresh-fruit'], match: /avocado/, profile: p('1/3 medium avocado (50g)', 50, [7.5, 1, 0, 0, 4, 4.3, 3.4, 0.3, 0, 1, 0, 6, 0.3, 250], [ITEM]) },
  { aisles: ['fresh-fruit'], profile: p('1 cup (150g)', 150, [0.3, 0, 0, 0, 2, 20, 3, 15, 0, 1, 0, 15, 0.3, 210], [ITEM]) },
  { aisles: ['fresh-vegetables'], match: /potato/, profile: p('1 medium potato (148g)', 148, [0.1, 0, 0, 0, 10, 26, 2.2, 1.2, 0, 3, 0, 20, 1.1, 620], [ITEM]) },
  { aisles: ['fresh-vegetables', 'salads-herbs'], match: /caesar salad kit/, profile: p('1 1/2 cups (85g)', 85, [12, 2.5, 0, 10, 300, 6, 1.5, 1, 0.5, 3, 0, 60, 0.5, 150], ['Romaine Lettuce', 'Caesar Dressing (Soybean Oil, Water, Parmesan Cheese [Milk], Egg Yolk, Anchovies, Salt)', 'Croutons (' + FLOUR + ', Soybean Oil, Salt)', 'Parmesan Cheese (Milk, Salt, Enzymes)'], ['Milk', 'Eggs', 'Fish', 'Wheat', 'Soybeans']) },
  { aisles: ['fresh-vegetables', 'salads-herbs'], match: /coleslaw/, profile: p('1 1/2 cups (85g)', 85, [0.1, 0, 0, 0, 15, 5, 2, 3, 0, 1, 0, 35, 0.4, 170], ['Green Cabbage', 'Red Cabbage', 'Carrots']) },
  { aisles: ['fresh-vegetables', 'salads-herbs'], profile: p('1 cup (85g)', 85, [0.2, 0, 0, 0, 20, 5, 1.8, 2, 0, 1.5, 0, 30, 0.6, 250], [ITEM]) },
  // Meat and seafood
  { aisles: ['chicken-turkey', 'beef', 'pork'], match: /ground|80\/20|93\/7/, profile: p('4 oz (112g)', 112, [15, 6, 1, 75, 75, 0, 0, 0, 0, 21, 0.1, 20, 2.4, 300], [ITEM]) },
  { aisles: ['chicken-turkey', 'beef', 'pork'], profile: p('4 oz (112g)', 112, [6, 2, 0, 80, 70, 0, 0, 0, 0, 25, 0.2, 10, 1, 350], [ITEM]) },
  { aisles: ['bacon-sausage'], profile: p('2 links (56g)', 56, [16, 6, 0, 45, 520, 1, 0, 1, 0.5, 9, 0.3, 10, 0.6, 180], ['Pork', 'Water', 'Salt', 'Sugar', 'Spices', 'Sodium Nitrite']) },
  { aisles: ['seafood'], match: /shrimp|scallop/, profile: p('4 oz (112g)', 112, [1, 0.2, 0, 160, 550, 1, 0, 0, 0, 22, 0, 70, 0.4, 200], ['Shrimp', 'Salt', 'Sodium Tripolyphosphate'], ['Shellfish']) },
  { aisles: ['seafood'], profile: p('4 oz (112g)', 112, [9, 1.8, 0, 60, 65, 0, 0, 0, 0, 23, 12, 15, 0.4, 420], [ITEM], ['Fish']) },
  // Dairy and eggs
  { aisles: ['milk-cream'], match: /almond milk/, profile: p('1 cup (240mL)', 240, [2.5, 0, 0, 0, 170, 1, 0.5, 0, 0, 1, 2.4, 450, 0.3, 170], ['Almondmilk (Filtered Water, Almonds)', 'Calcium Carbonate', 'Sea Salt', 'Sunflower Lecithin', 'Gellan Gum', 'Vitamin D2'], ['Tree Nuts']) },
  { aisles: ['milk-cream'], match: /oat milk/, profile: p('1 cup (240mL)', 240, [5, 0.5, 0, 0, 100, 16, 2, 7, 7, 3, 3.6, 350, 0.3, 390], ['Oatmilk (Filtered Water, Oats)', 'Rapeseed Oil', 'Dipotassium Phosphate', 'Calcium Carbonate', 'Sea Salt', 'Vitamin D2']) },
  { aisles: ['milk-cream'], match: /soy milk/, profile: p('1 cup (240mL)', 240, [4, 0.5, 0, 0, 90, 8, 1, 6, 5, 7, 2.7, 300, 1, 300], ['Soymilk (Filtered Water, Whole Soybeans)', 'Cane Sugar', 'Calcium Carbonate', 'Sea Salt', 'Vitamin D2'], ['Soybeans']) },
  { aisles: ['milk-cream'], match: /cream|half & half/, profile: p('1 Tbsp (15mL)', 15, [2.5, 1.6, 0.1, 10, 5, 0.6, 0, 0.6, 0, 0.4, 0, 15, 0, 20], ['Cream', 'Milk'], ['Milk']) },
  { aisles: ['milk-cream'], match: /skim|fat free/, profile: p('1 cup (240mL)', 240, [0.2, 0.1, 0, 5, 130, 12, 0, 12, 0, 8, 2.9, 300, 0, 380], ['Fat Free Milk', 'Vitamin A Palmitate', 'Vitamin D3'], ['Milk']) },
  { aisles: ['milk-cream'], match: /1%/, profile: p('1 cup (240mL)', 240, [2.5, 1.5, 0, 10, 125, 12, 0, 12, 0, 8, 2.9, 300, 0, 390], ['Lowfat Milk', 'Vitamin A Palmitate', 'Vitamin D3'], ['Milk']) },
  { aisles: ['milk-cream'], match: /2%/, profile: p('1 cup (240mL)', 240, [5, 3, 0, 20, 120, 12, 0, 12, 0, 8, 2.9, 300, 0, 390], ['Reduced Fat Milk', 'Vitamin A Palmitate', 'Vitamin D3'], ['Milk']) },
  { aisles: ['milk-cream'], profile: p('1 cup (240mL)', 240, [8, 4.5, 0, 35, 120, 12, 0, 12, 0, 8, 2.9, 290, 0, 370], ['Milk', 'Vitamin D3'], ['Milk']) },
  { aisles: ['eggs'], match: /egg whites/, profile: p('3 Tbsp (46g)', 46, [0, 0, 0, 0, 75, 0.3, 0, 0.3, 0, 5, 0, 5, 0, 75], ['Egg Whites'], ['Eggs']) },
  { aisles: ['eggs'], profile: p('1 large egg (50g)', 50, [5, 1.6, 0, 186, 70, 0.4, 0, 0.2, 0, 6.3, 1, 28, 0.9, 69], ['Eggs'], ['Eggs'], true) },
  { aisles: ['cheese'], profile: p('1 oz (28g)', 28, [9, 5, 0, 28, 180, 0.5, 0, 0.2, 0, 7, 0.2, 200, 0.1, 25], ['Pasteurized Milk', 'Cheese Culture', 'Salt', 'Enzymes'], ['Milk']) },
  { aisles: ['yogurt'], match: /oat yogurt|plant-based/, profile: p('2/3 cup (150g)', 150, [6, 0.5, 0, 0, 40, 19, 2, 9, 8, 2, 0, 20, 0.7, 150], ['Oatmilk (Water, Oats)', 'Cane Sugar', 'Coconut Oil', 'Pectin', 'Live Active Cultures']) },
  { aisles: ['yogurt'], profile: p('2/3 cup (150g)', 150, [3, 2, 0, 15, 65, 14, 0, 12, 6, 12, 0, 180, 0, 220], ['Cultured Grade A Milk', 'Cane Sugar', 'Pectin', 'Live Active Cultures'], ['Milk']) },
  { aisles: ['butter-spreads'], match: /plant-based/, profile: p('1 Tbsp (14g)', 14, [11, 3.5, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0, 0], ['Plant-Based Oil Blend (Palm Fruit, Canola, Olive Oils)', 'Water', 'Salt', 'Sunflower Lecithin']) },
  { aisles: ['butter-spreads'], profile: p('1 Tbsp (14g)', 14, [11, 7, 0.5, 30, 90, 0, 0, 0, 0, 0, 0, 0, 0, 0], ['Sweet Cream (Milk)', 'Salt'], ['Milk']) },
  // Bakery
  { aisles: ['sliced-bread', 'rolls-buns', 'bagels-muffins-pastries', 'tortillas-flatbreads'], match: /gluten-free/, profile: p('1 slice (34g)', 34, [2, 0, 0, 0, 150, 17, 1, 2, 2, 1, 0, 10, 0.5, 30], ['Water', 'Tapioca Starch', 'Brown Rice Flour', 'Canola Oil', 'Egg Whites', 'Sugar', 'Yeast', 'Salt'], ['Eggs']) },
  { aisles: ['tortillas-flatbreads'], match: /corn tortilla/, profile: p('2 tortillas (52g)', 52, [1.5, 0, 0, 0, 20, 22, 3, 0, 0, 3, 0, 40, 0.5, 90], ['Ground Corn Treated with Lime', 'Water']) },
  { aisles: ['bagels-muffins-pastries'], match: /bagel|english muffin/, profile: p('1 bagel (95g)', 95, [1.5, 0.3, 0, 0, 430, 53, 2, 6, 5, 10, 0, 20, 3.5, 90], [FLOUR, 'Water', 'Sugar', 'Yeast', 'Salt', 'Malted Barley Flour'], ['Wheat'], true) },
  { aisles: ['bagels-muffins-pastries', 'cakes-desserts'], profile: p('1 piece (57g)', 57, [10, 5, 0, 35, 210, 28, 1, 14, 13, 3, 0, 20, 1.2, 60], [FLOUR, 'Sugar', 'Butter (Cream [Milk])', 'Eggs', 'Baking Powder', 'Salt', 'Soy Lecithin'], ['Milk', 'Eggs', 'Wheat', 'Soybeans']) },
  { aisles: ['sliced-bread', 'rolls-buns', 'bagels-muffins-pastries', 'tortillas-flatbreads'], profile: p('1 slice (34g)', 34, [1, 0.2, 0, 0, 170, 17, 1, 2, 2, 3, 0, 40, 1, 40], [FLOUR, 'Water', 'Sugar', 'Yeast', 'Soybean Oil', 'Salt'], ['Wheat', 'Soybeans']) },
  // Deli
  { aisles: ['deli-meats'], profile: p('2 oz (56g)', 56, [1.5, 0.5, 0, 25, 500, 1, 0, 1, 1, 10, 0, 0, 0.4, 140], [ITEM, 'Water', 'Salt', 'Sugar', 'Sodium Phosphate', 'Sodium Nitrite']) },
  { aisles: ['dips-salads'], match: /hummus/, profile: p('2 Tbsp (28g)', 28, [5, 0.5, 0, 0, 130, 4, 1, 0, 0, 2, 0, 10, 0.5, 65], ['Chickpeas', 'Tahini (Ground Sesame)', 'Canola Oil', 'Lemon Juice', 'Garlic', 'Salt'], ['Sesame']) },
  { aisles: ['dips-salads'], match: /guacamole|pico/, profile: p('2 Tbsp (30g)', 30, [4, 0.5, 0, 0, 110, 3, 2, 0, 0, 0.6, 0, 5, 0.2, 140], ['Avocados', 'Tomatoes', 'Onions', 'Jalapeño Peppers', 'Cilantro', 'Lime Juice', 'Salt']) },
  { aisles: ['prepared-meals'], match: /rotisserie/, profile: p('3 oz (85g)', 85, [8, 2.5, 0, 95, 380, 1, 0, 0, 0, 22, 0.1, 15, 1, 220], ['Whole Chicken', 'Water', 'Salt', 'Sugar', 'Spices', 'Garlic', 'Onion']) },
  { aisles: ['prepared-meals'], match: /california roll/, profile: p('4 pieces (130g)', 130, [3, 0.5, 0, 10, 430, 36, 1, 6, 5, 6, 0, 20, 0.6, 150], ['Cooked Rice (Rice, Rice Vinegar, Sugar, Salt)', 'Imitation Crab (Pollock, Wheat Starch, Egg Whites, Crab Extract, Soy Protein)', 'Avocado', 'Cucumber', 'Nori', 'Sesame Seeds'], ['Eggs', 'Fish', 'Shellfish', 'Wheat', 'Soybeans', 'Sesame']) },
  { aisles: ['prepared-meals'], match: /soup/, profile: p('1 cup (245g)', 245, [4, 1, 0, 20, 790, 18, 3, 3, 0, 10, 0, 40, 1.4, 380], ['Chicken Broth', 'Chicken', 'Tomatoes', 'Corn', 'Black Beans', 'Onions', 'Salt', 'Spices']) },
  { aisles: ['dips-salads'], match: /potato salad/, profile: p('1/2 cup (125g)', 125, [11, 1.5, 0, 20, 480, 17, 2, 3, 2, 2, 0, 15, 0.5, 300], ['Potatoes', 'Mayonnaise (Soybean Oil, Water, Egg Yolks, Vinegar, Salt)', 'Celery', 'Onions', 'Mustard', 'Salt'], ['Eggs', 'Soybeans']) },
  { aisles: ['dips-salads'], match: /chicken salad/, profile: p('1/2 cup (113g)', 113, [17, 2.5, 0, 50, 450, 4, 0.5, 2, 1, 14, 0, 15, 0.7, 200], ['Chicken', 'Mayonnaise (Soybean Oil, Water, Egg Yolks, Vinegar, Salt)', 'Celery', 'Salt', 'Black Pepper'], ['Eggs', 'Soybeans']) },
  { aisles: ['dips-salads'], match: /tzatziki/, profile: p('2 Tbsp (30g)', 30, [2.5, 1.5, 0, 10, 90, 1, 0, 1, 0, 1, 0, 30, 0, 40], ['Greek Yogurt (Cultured Milk)', 'Cucumbers', 'Garlic', 'Dill', 'Lemon Juice', 'Salt'], ['Milk']) },
  { aisles: ['party-trays'], match: /fruit/, profile: p('1 cup (150g)', 150, [0.3, 0, 0, 0, 10, 18, 2, 14, 0, 1, 0, 15, 0.3, 250], ['Cantaloupe', 'Honeydew', 'Pineapple', 'Grapes', 'Strawberries']) },
  { aisles: ['party-trays'], match: /vegetable/, profile: p('1 cup with 2 Tbsp dip (115g)', 115, [14, 2, 0, 10, 290, 7, 2, 4, 1, 2, 0, 40, 0.4, 250], ['Carrots', 'Celery', 'Broccoli', 'Cherry Tomatoes', 'Ranch Dip (Soybean Oil, Buttermilk, Egg Yolk, Salt, Garlic)'], ['Milk', 'Eggs', 'Soybeans']) },
  { aisles: ['party-trays'], profile: p('1 oz cheese with crackers (56g)', 56, [14, 6, 0, 30, 420, 11, 0.5, 1, 0.5, 10, 0, 200, 0.8, 80], ['Cheddar Cheese (Milk, Salt, Enzymes)', 'Crackers (' + FLOUR + ', Soybean Oil, Salt)', 'Salami (Pork, Salt, Spices)'], ['Milk', 'Wheat', 'Soybeans']) },
  { aisles: ['dips-salads', 'prepared-meals'], profile: p('1 cup (140g)', 140, [12, 4, 0, 40, 620, 25, 2, 4, 2, 14, 0.2, 120, 1.8, 300], [FLOUR, 'Chicken', 'Water', 'Cheddar Cheese (Milk)', 'Mayonnaise (Soybean Oil, Egg Yolks, Vinegar)', 'Salt', 'Spices'], ['Milk', 'Eggs', 'Wheat', 'Soybeans']) },
  // Frozen
  { aisles: ['frozen-vegetables-fruit'], match: /fries|potato|hash brown/, profile: p('3 oz (84g)', 84, [5, 1, 0, 0, 280, 19, 2, 0, 0, 2, 0, 10, 0.5, 330], ['Potatoes', 'Vegetable Oil (Canola, Soybean)', 'Salt', 'Dextrose'], ['Soybeans']) },
  { aisles: ['frozen-vegetables-fruit'], profile: p('1 cup (140g)', 140, [0.4, 0, 0, 0, 30, 12, 4, 5, 0, 2.5, 0, 40, 0.8, 250], [ITEM]) },
  { aisles: ['ice-cream-novelties'], match: /oat milk|fruit bars|party ice/, profile: p('1 bar (70g)', 70, [0, 0, 0, 0, 5, 20, 0.5, 17, 15, 0, 0, 0, 0, 60], ['Water', 'Fruit Puree', 'Cane Sugar', 'Lemon Juice', 'Guar Gum']) },
  { aisles: ['ice-cream-novelties'], profile: p('2/3 cup (95g)', 95, [14, 9, 0.5, 55, 50, 24, 0, 20, 17, 4, 0.2, 120, 0.1, 180], ['Cream', 'Skim Milk', 'Cane Sugar', 'Egg Yolks', 'Natural Flavor'], ['Milk', 'Eggs']) },
  { aisles: ['frozen-meals', 'frozen-pizza', 'frozen-breakfast'], profile: p('1 cup (140g)', 140, [11, 4.5, 0, 30, 680, 36, 3, 4, 2, 15, 0.1, 150, 2.2, 320], [FLOUR, 'Water', 'Mozzarella Cheese (Pasteurized Milk, Cultures, Salt, Enzymes)', 'Tomato Puree', 'Soybean Oil', 'Salt', 'Spices'], ['Milk', 'Wheat', 'Soybeans']) },
  // Pantry
  { aisles: ['pasta-sauce'], match: /pesto/, profile: p('1/4 cup (62g)', 62, [20, 3.5, 0, 10, 470, 4, 1, 1, 0, 4, 0, 100, 0.5, 110], ['Basil', 'Sunflower Oil', 'Parmesan Cheese (Milk, Salt, Enzymes)', 'Cashews', 'Pine Nuts', 'Garlic', 'Salt'], ['Milk', 'Tree Nuts']) },
  { aisles: ['pasta-sauce'], match: /alfredo/, profile: p('1/4 cup (61g)', 61, [8, 4, 0, 25, 390, 3, 0, 1, 0, 1, 0, 40, 0, 30], ['Water', 'Cream (Milk)', 'Parmesan Cheese (Milk, Salt, Enzymes)', 'Butter (Milk)', 'Modified Food Starch', 'Salt', 'Garlic'], ['Milk']) },
  { aisles: ['pasta-sauce'], match: /sauce/, profile: p('1/2 cup (125g)', 125, [2, 0.3, 0, 0, 440, 10, 2, 6, 0, 2, 0, 30, 1, 430], ['Tomato Puree (Water, Tomato Paste)', 'Diced Tomatoes', 'Olive Oil', 'Salt', 'Garlic', 'Basil']) },
  { aisles: ['pasta-sauce'], match: /macaroni & cheese/, profile: p('1 cup prepared (70g dry)', 70, [2.5, 1, 0, 10, 720, 48, 2, 6, 0, 10, 0, 100, 2, 250], [FLOUR, 'Cheese Sauce Mix (Whey, Milkfat, Milk Protein Concentrate, Salt, Sodium Tripolyphosphate)'], ['Milk', 'Wheat']) },
  { aisles: ['pasta-sauce'], profile: p('2 oz (56g) dry', 56, [1, 0.2, 0, 0, 0, 42, 2, 2, 0, 7, 0, 10, 2, 120], ['Semolina (Wheat)', 'Durum Flour (Wheat)', 'Niacin', 'Iron (Ferrous Sulfate)', 'Thiamine Mononitrate', 'Riboflavin', 'Folic Acid'], ['Wheat']) },
  { aisles: ['rice-grains-beans'], match: /bean|lentil|chickpea/, profile: p('1/2 cup (130g)', 130, [0.5, 0, 0, 0, 380, 20, 7, 1, 0, 7, 0, 40, 1.9, 400], [ITEM, 'Water', 'Salt']) },
  { aisles: ['rice-grains-beans'], profile: p('1/4 cup (45g) dry', 45, [0.5, 0, 0, 0, 0, 36, 0.5, 0, 0, 3, 0, 10, 1.7, 50], [ITEM]) },
  { aisles: ['canned-goods-soups'], match: /tuna/, profile: p('1 can drained (113g)', 113, [1, 0.3, 0, 35, 360, 0, 0, 0, 0, 25, 1.5, 15, 1.3, 230], ['Light Tuna', 'Water', 'Vegetable Broth', 'Salt', 'Pyrophosphate'], ['Fish', 'Soybeans']) },
  { aisles: ['canned-goods-soups'], match: /coconut milk/, profile: p('1/3 cup (80mL)', 80, [12, 11, 0, 0, 15, 2, 0, 1, 0, 1, 0, 5, 1.8, 110], ['Coconut Milk (Coconut, Water)', 'Guar Gum']) },
  { aisles: ['canned-goods-soups'], match: /cream of/, profile: p('1/2 cup condensed (120g)', 120, [8, 1.5, 0, 5, 860, 9, 1, 1, 0.5, 1, 0, 20, 0.3, 80], ['Water', 'Mushrooms', 'Vegetable Oil', 'Modified Food Starch', 'Wheat Flour', 'Cream (Milk)', 'Salt', 'Soy Protein Concentrate'], ['Milk', 'Wheat', 'Soybeans']) },
  { aisles: ['canned-goods-soups'], match: /noodle soup/, profile: p('1/2 cup condensed (122g)', 122, [2.5, 0.8, 0, 10, 890, 10, 1, 1, 0.5, 3, 0, 20, 0.5, 80], ['Chicken Stock', 'Enriched Egg Noodles (Wheat Flour, Eggs, Niacin, Ferrous Sulfate, Thiamine Mononitrate, Riboflavin, Folic Acid)', 'Chicken Meat', 'Salt', 'Cream (Milk)', 'Soy Protein Isolate'], ['Milk', 'Eggs', 'Wheat', 'Soybeans']) },
  { aisles: ['canned-goods-soups'], profile: p('1/2 cup (125g)', 125, [0.3, 0, 0, 0, 340, 7, 2, 4, 0, 1.5, 0, 40, 1.1, 300], [ITEM, 'Water', 'Salt', 'Citric Acid']) },
  { aisles: ['baking'], match: /flour|mix/, profile: p('1/4 cup (30g)', 30, [0.3, 0, 0, 0, 0, 23, 1, 0, 0, 3, 0, 0, 1.5, 30], [FLOUR], ['Wheat']) },
  { aisles: ['baking'], match: /chocolate/, profile: p('1 Tbsp (15g)', 15, [4, 2.5, 0, 0, 0, 10, 1, 9, 9, 1, 0, 0, 0.8, 60], ['Cane Sugar', 'Chocolate', 'Cocoa Butter', 'Soy Lecithin', 'Vanilla Extract'], ['Soybeans']) },
  { aisles: ['baking'], match: /condensed milk/, profile: p('2 Tbsp (39g)', 39, [3, 2, 0, 10, 50, 22, 0, 22, 19, 3, 0, 110, 0.1, 140], ['Milk', 'Sugar'], ['Milk']) },
  { aisles: ['baking'], profile: p('1 tsp (4g)', 4, [0, 0, 0, 0, 0, 4, 0, 4, 4, 0, 0, 0, 0, 0], ['Cane Sugar']) },
  { aisles: ['oils-condiments-spices'], match: /mayonnaise/, profile: p('1 Tbsp (13g)', 13, [10, 1.5, 0, 5, 90, 0, 0, 0, 0, 0, 0, 0, 0, 0], ['Soybean Oil', 'Water', 'Whole Eggs', 'Egg Yolks', 'Vinegar', 'Salt', 'Lemon Juice Concentrate'], ['Eggs', 'Soybeans']) },
  { aisles: ['oils-condiments-spices'], match: /soy sauce|tamari/, profile: p('1 Tbsp (15mL)', 15, [0, 0, 0, 0, 920, 1, 0, 0, 0, 1, 0, 0, 0.3, 30], ['Water', 'Soybeans', 'Wheat', 'Salt'], ['Wheat', 'Soybeans']) },
  { aisles: ['oils-condiments-spices'], match: /ranch/, profile: p('2 Tbsp (30g)', 30, [14, 2, 0, 10, 260, 2, 0, 1, 1, 0.5, 0, 10, 0, 20], ['Soybean Oil', 'Water', 'Buttermilk', 'Egg Yolk', 'Salt', 'Garlic', 'Onion'], ['Milk', 'Eggs', 'Soybeans']) },
  { aisles: ['oils-condiments-spices'], match: /oil/, profile: p('1 Tbsp (14mL)', 14, [14, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [ITEM]) },
  { aisles: ['oils-condiments-spices'], profile: p('1 Tbsp (17g)', 17, [0.1, 0, 0, 0, 160, 4, 0, 3, 2, 0.2, 0, 3, 0.1, 50], ['Vinegar', 'Tomato Concentrate', 'Sugar', 'Salt', 'Spices']) },
  // Breakfast
  { aisles: ['cereal'], profile: p('1 cup (39g)', 39, [2, 0.4, 0, 0, 160, 32, 3, 9, 8, 3, 2, 100, 8, 110], ['Whole Grain Oats', 'Sugar', 'Corn Starch', 'Salt', 'Tripotassium Phosphate', 'Vitamin E', 'Iron', 'Vitamin D3']) },
  { aisles: ['oatmeal-hot-cereal'], profile: p('1/2 cup dry (40g)', 40, [3, 0.5, 0, 0, 0, 27, 4, 1, 0, 5, 0, 20, 1.7, 150], ['Whole Grain Rolled Oats']) },
  { aisles: ['pancakes-syrup'], match: /mix/, profile: p('1/3 cup mix (46g)', 46, [2, 0.5, 0, 10, 450, 32, 1, 5, 4, 4, 0, 120, 1.6, 90], [FLOUR, 'Sugar', 'Buttermilk', 'Leavening', 'Dried Eggs', 'Soybean Oil', 'Salt'], ['Milk', 'Eggs', 'Wheat', 'Soybeans']) },
  { aisles: ['pancakes-syrup'], profile: p('1/4 cup (60mL)', 60, [0, 0, 0, 0, 10, 53, 0, 53, 53, 0, 0, 60, 0.1, 130], ['Maple Syrup']) },
  { aisles: ['breakfast-bars'], profile: p('1 bar (24g)', 24, [3.5, 1, 0, 0, 70, 17, 1, 7, 7, 2, 0, 10, 0.5, 55], ['Whole Grain Rolled Oats', 'Sugar', 'Rice Flour', 'Canola Oil', 'Honey', 'Soy Lecithin', 'Salt'], ['Soybeans']) },
  { aisles: ['nut-butters-spreads'], match: /peanut butter/, profile: p('2 Tbsp (32g)', 32, [16, 3, 0, 0, 140, 7, 2, 3, 2, 7, 0, 10, 0.6, 190], ['Roasted Peanuts', 'Sugar', 'Hydrogenated Vegetable Oils (Rapeseed, Cottonseed, Soybean)', 'Salt'], ['Peanuts']) },
  { aisles: ['nut-butters-spreads'], match: /almond butter/, profile: p('2 Tbsp (32g)', 32, [18, 1.5, 0, 0, 0, 6, 3, 1, 0, 7, 0, 90, 1.1, 240], ['Dry Roasted Almonds'], ['Tree Nuts']) },
  { aisles: ['nut-butters-spreads'], match: /hazelnut/, profile: p('2 Tbsp (37g)', 37, [12, 4, 0, 0, 15, 22, 1, 21, 19, 2, 0, 40, 0.7, 160], ['Sugar', 'Palm Oil', 'Hazelnuts', 'Skim Milk', 'Cocoa', 'Soy Lecithin', 'Vanillin'], ['Milk', 'Tree Nuts', 'Soybeans']) },
  { aisles: ['nut-butters-spreads'], profile: p('1 Tbsp (20g)', 20, [0, 0, 0, 0, 5, 13, 0, 12, 10, 0, 0, 0, 0, 15], ['Fruit', 'Sugar', 'Fruit Pectin', 'Citric Acid']) },
  // Snacks
  { aisles: ['chips-pretzels', 'crackers'], match: /pretzel|cracker|saltine/, profile: p('1 oz (28g)', 28, [3, 0.5, 0, 0, 260, 21, 1, 2, 1, 3, 0, 10, 1.2, 40], [FLOUR, 'Soybean Oil', 'Salt', 'Sugar', 'Yeast'], ['Wheat', 'Soybeans']) },
  { aisles: ['chips-pretzels', 'crackers'], profile: p('1 oz (28g)', 28, [10, 1.5, 0, 0, 170, 15, 1, 0.5, 0, 2, 0, 10, 0.4, 350], ['Potatoes', 'Sunflower Oil', 'Salt']) },
  { aisles: ['cookies-sweet-snacks'], match: /fruit snacks/, profile: p('1 pouch (23g)', 23, [0, 0, 0, 0, 15, 19, 0, 11, 10, 1, 0, 0, 0, 0], ['Fruit Puree', 'Corn Syrup', 'Sugar', 'Modified Corn Starch', 'Gelatin', 'Citric Acid']) },
  { aisles: ['cookies-sweet-snacks'], profile: p('3 cookies (34g)', 34, [7, 2.5, 0, 5, 110, 23, 1, 12, 12, 2, 0, 10, 1, 60], [FLOUR, 'Sugar', 'Semisweet Chocolate (Sugar, Chocolate, Cocoa Butter, Soy Lecithin)', 'Butter (Milk)', 'Eggs', 'Salt', 'Baking Soda'], ['Milk', 'Eggs', 'Wheat', 'Soybeans']) },
  { aisles: ['nuts-dried-fruit'], match: /peanut/, profile: p('1 oz (28g)', 28, [14, 2, 0, 0, 90, 6, 2, 1, 0, 7, 0, 20, 0.6, 200], ['Peanuts', 'Salt'], ['Peanuts']) },
  { aisles: ['nuts-dried-fruit'], match: /almond|cashew|nuts|trail mix/, profile: p('1 oz (28g)', 28, [14, 1.5, 0, 0, 85, 6, 3, 1, 0, 6, 0, 70, 1, 200], ['Almonds', 'Cashews', 'Sea Salt'], ['Tree Nuts']) },
  { aisles: ['nuts-dried-fruit'], profile: p('1/4 cup (40g)', 40, [0.5, 0, 0, 0, 5, 33, 2, 29, 10, 1, 0, 20, 0.6, 130], [ITEM, 'Sugar', 'Sunflower Oil']) },
  { aisles: ['candy-chocolate'], match: /chocolate|peanut butter cups/, profile: p('1 bar (43g)', 43, [13, 8, 0, 10, 35, 26, 1, 24, 22, 3, 0, 80, 0.5, 150], ['Milk Chocolate (Sugar, Cocoa Butter, Chocolate, Skim Milk, Lactose, Milkfat, Soy Lecithin)'], ['Milk', 'Soybeans']) },
  { aisles: ['candy-chocolate'], profile: p('17 pieces (40g)', 40, [0, 0, 0, 0, 10, 34, 0, 21, 21, 2, 0, 0, 0, 0], ['Corn Syrup', 'Sugar', 'Gelatin', 'Citric Acid', 'Natural and Artificial Flavors', 'Carnauba Wax']) },
  // Beverages
  { aisles: ['water-sparkling'], profile: p('1 bottle (500mL)', 500, [0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 10, 0, 0], ['Water']) },
  { aisles: ['soft-drinks'], match: /diet|zero|club soda/, profile: p('1 can (355mL)', 355, [0, 0, 0, 0, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0], ['Carbonated Water', 'Natural Flavors', 'Citric Acid', 'Aspartame', 'Potassium Benzoate']) },
  { aisles: ['soft-drinks', 'sports-energy'], profile: p('1 can (355mL)', 355, [0, 0, 0, 0, 45, 39, 0, 39, 39, 0, 0, 0, 0, 0], ['Carbonated Water', 'High Fructose Corn Syrup', 'Natural Flavors', 'Citric Acid', 'Sodium Benzoate']) },
  { aisles: ['juice'], profile: p('8 fl oz (240mL)', 240, [0, 0, 0, 0, 10, 26, 0.5, 22, 0, 1.5, 0, 20, 0.4, 450], [ITEM]) },
  { aisles: ['coffee', 'tea-cocoa'], match: /cocoa|cold brew|iced tea/, profile: p('8 fl oz (240mL)', 240, [1, 0.5, 0, 0, 120, 22, 1, 18, 17, 1, 0, 40, 0.6, 200], ['Sugar', 'Cocoa Processed with Alkali', 'Nonfat Milk', 'Salt', 'Natural Flavor'], ['Milk']) },
  { aisles: ['coffee', 'tea-cocoa'], profile: p('8 fl oz (240mL) prepared', 240, [0, 0, 0, 0, 5, 0, 0, 0, 0, 0.3, 0, 5, 0, 115], ['100% Arabica Coffee']) },
  // Baby food: not infant formula, whose label has its own daily values (21 CFR 107).
  { aisles: ['formula-baby-food'], match: /puree|baby food|puffs|baby cereal/, profile: p('1 pouch (113g)', 113, [0, 0, 0, 0, 10, 15, 2, 10, 0, 1, 0, 20, 0.4, 230], ['Organic Fruit and Vegetable Purees', 'Lemon Juice Concentrate']) },
];

/** Words in a product's name that add an allergen its kind of food does not always carry. */
export const ALLERGEN_WORDS: readonly { pattern: RegExp; allergen: Allergen; ingredient: string }[] = [
  {
    pattern: /cheese|butter(?!ed)|buttermilk|cream(?!y)|alfredo|mozzarella|milk chocolate/,
    allergen: 'Milk',
    ingredient: 'Milk',
  },
  { pattern: /\begg\b|waffle|pancake|mayo/, allergen: 'Eggs', ingredient: 'Eggs' },
  { pattern: /salmon|tuna|cod|tilapia|anchov/, allergen: 'Fish', ingredient: 'Fish' },
  { pattern: /shrimp|scallop|crab|lobster|clam|mussel|oyster/, allergen: 'Shellfish', ingredient: 'Shrimp' },
  {
    pattern: /almond|cashew|pecan|walnut|pistachio|hazelnut|macadamia|mixed nuts/,
    allergen: 'Tree Nuts',
    ingredient: 'Tree Nuts',
  },
  { pattern: /peanut/, allergen: 'Peanuts', ingredient: 'Peanuts' },
  {
    pattern:
      /wheat|pasta|pizza|cracker|cookie|pretzel|croissant|biscuit|burrito|ravioli|potstick|lasagna|nugget|wrap|sub sandwich|pot pie|graham|\bbran\b/,
    allergen: 'Wheat',
    ingredient: 'Wheat Flour',
  },
  { pattern: /\bsoy|tofu|edamame/, allergen: 'Soybeans', ingredient: 'Soybeans' },
  { pattern: /sesame|tahini|everything/, allergen: 'Sesame', ingredient: 'Sesame Seeds' },
];

/** Names that take wheat away: the gluten-free version of a wheat food. */
export const WHEAT_FREE = /gluten-free|cauliflower crust|chickpea/;
/** Names whose "butter", "cream" or "milk" is not dairy. */
export const NOT_DAIRY = /peanut butter|almond butter|plant-based|oat milk|almond milk|soy milk|coconut milk/;
