/** Judged compound words (the words together name one thing) and queries of several words (each narrows the last). */
import type { JudgedQuery } from './judgments';
import { PEANUT_BUTTER, HALF_AND_HALF, r } from './rule-sets';

export const PHRASE_QUERIES: JudgedQuery[] = [
  // Compound words: the words together name one thing.
  { q: 'peanut butter', class: 'compound', means: 'a jar of peanut butter', rules: PEANUT_BUTTER },
  {
    q: 'ice cream',
    class: 'compound',
    means: 'ice cream',
    rules: [
      r(3, { aisle: ['ice-cream-novelties'], name: /ice cream/ }),
      r(2, { aisle: ['ice-cream-novelties'], name: /frozen dessert|fruit bars/ }),
    ],
  },
  {
    q: 'hot dog buns',
    class: 'compound',
    means: 'buns for hot dogs',
    rules: [r(3, { aisle: ['rolls-buns'], name: /hot dog buns/ }), r(1, { aisle: ['rolls-buns'], name: /buns/ })],
  },
  {
    q: 'hot dogs',
    class: 'compound',
    means: 'hot dogs (franks)',
    rules: [r(3, { aisle: ['bacon-sausage'], name: /hot dogs/ }), r(1, { name: /hot dog buns|kielbasa/ })],
  },
  {
    q: 'hot sauce',
    class: 'compound',
    means: 'hot sauce',
    rules: [r(3, { name: /hot sauce/ }), r(2, { name: /sriracha/ }), r(1, { name: /salsa|chipotle/ })],
  },
  {
    q: 'cream cheese',
    class: 'compound',
    means: 'cream cheese',
    rules: [r(3, { aisle: ['cheese'], name: /cream cheese/ }), r(1, { aisle: ['cheese'] })],
  },
  {
    q: 'sour cream',
    class: 'compound',
    means: 'sour cream',
    rules: [r(3, { name: /sour cream/ }), r(1, { name: /tzatziki/ })],
  },
  { q: 'half and half', class: 'compound', means: 'half & half for coffee', rules: HALF_AND_HALF },
  {
    q: 'cottage cheese',
    class: 'compound',
    means: 'cottage cheese',
    rules: [r(3, { name: /cottage cheese/ }), r(1, { aisle: ['cheese'], name: /ricotta|cream cheese/ })],
  },
  {
    q: 'green beans',
    class: 'compound',
    means: 'green beans',
    rules: [r(3, { name: /green beans/ }), r(1, { aisle: ['frozen-vegetables-fruit'], name: /mixed vegetables/ })],
  },
  {
    q: 'sweet potatoes',
    class: 'compound',
    means: 'sweet potatoes',
    rules: [
      r(3, { aisle: ['fresh-vegetables'], name: /sweet potato/ }),
      r(1, { name: /sweet potato/ }),
      r(1, { aisle: ['fresh-vegetables'], name: /potatoes/ }),
    ],
  },
  {
    q: 'orange juice',
    class: 'compound',
    means: 'orange juice',
    rules: [r(3, { aisle: ['juice'], name: /orange juice/ }), r(1, { aisle: ['juice'], name: /juice/ })],
  },
  {
    q: 'potato chips',
    class: 'compound',
    means: 'potato chips',
    rules: [r(3, { name: /potato chips/ }), r(1, { aisle: ['chips-pretzels'] })],
  },
  {
    q: 'baking soda',
    class: 'compound',
    means: 'baking soda',
    rules: [r(3, { name: /baking soda/ }), r(1, { name: /baking powder/ })],
  },
  {
    q: 'root beer',
    class: 'compound',
    means: 'root beer',
    rules: [r(3, { name: /root beer/ }), r(1, { aisle: ['soft-drinks'] })],
  },
  {
    q: 'ginger ale',
    class: 'compound',
    means: 'ginger ale',
    rules: [r(3, { name: /ginger ale/ }), r(1, { aisle: ['soft-drinks'], name: /club soda|lemon-lime/ })],
  },
  {
    q: 'chocolate chip cookies',
    class: 'compound',
    means: 'chocolate chip cookies',
    rules: [
      r(3, { name: /chocolate (chip|chunk) cookies/ }),
      r(1, { aisle: ['cookies-sweet-snacks', 'cakes-desserts'], name: /cookies/ }),
    ],
  },
  {
    q: 'hamburger buns',
    class: 'compound',
    means: 'hamburger buns',
    rules: [r(3, { name: /hamburger buns/ }), r(1, { aisle: ['rolls-buns'], name: /buns|rolls/ })],
  },
  {
    q: 'olive oil',
    class: 'compound',
    means: 'olive oil',
    rules: [
      r(3, { aisle: ['oils-condiments-spices'], name: /olive oil/, nameNot: /cooking spray/ }),
      r(1, { aisle: ['oils-condiments-spices'], name: /\boil\b/ }),
    ],
  },
  {
    q: 'ground beef',
    class: 'compound',
    means: 'ground beef',
    rules: [r(3, { aisle: ['beef'], name: /ground beef/ }), r(1, { name: /ground turkey/ })],
  },
  {
    q: 'pork chops',
    class: 'compound',
    means: 'pork chops',
    rules: [r(3, { name: /pork (loin )?chops/ }), r(1, { aisle: ['pork'] })],
  },
  {
    q: 'corn flakes',
    class: 'compound',
    means: 'corn flakes cereal',
    rules: [r(3, { aisle: ['cereal'], name: /corn flakes/ }), r(1, { aisle: ['cereal'] })],
  },
  {
    q: 'coconut milk',
    class: 'compound',
    means: 'canned coconut milk',
    rules: [r(3, { name: /coconut milk/ }), r(1, { name: /coconut water|almond milk|oat milk/ })],
  },
  {
    q: 'apple juice',
    class: 'compound',
    means: 'apple juice',
    rules: [r(3, { name: /apple juice/ }), r(1, { aisle: ['juice'], name: /juice/ })],
  },

  // Several words: each narrows the last.
  {
    q: 'chicken breast',
    class: 'multi-word',
    means: 'raw chicken breasts',
    rules: [
      r(0, { department: ['pet'] }),
      r(3, { aisle: ['chicken-turkey'], name: /chicken breast/ }),
      r(2, { aisle: ['chicken-turkey'], name: /chicken/ }),
      r(1, { name: /chicken breast|turkey breast/ }),
    ],
  },
  {
    q: 'greek yogurt',
    class: 'multi-word',
    means: 'greek yogurt',
    rules: [r(3, { aisle: ['yogurt'], name: /greek yogurt/ }), r(2, { name: /skyr/ }), r(1, { aisle: ['yogurt'] })],
  },
  {
    q: 'pasta sauce',
    class: 'multi-word',
    means: 'a jar of sauce for pasta',
    rules: [
      r(3, { aisle: ['pasta-sauce'], name: /marinara|alfredo|pesto|pasta sauce/ }),
      r(1, { name: /tomato sauce|crushed tomatoes/ }),
    ],
  },
  {
    q: 'ground turkey',
    class: 'multi-word',
    means: 'ground turkey',
    rules: [r(3, { name: /ground turkey/ }), r(1, { name: /ground beef/ })],
  },
  {
    q: 'frozen pizza',
    class: 'multi-word',
    means: 'a frozen pizza',
    rules: [
      r(3, { aisle: ['frozen-pizza'], name: /pizza\b/, nameNot: /rolls/ }),
      r(2, { aisle: ['frozen-pizza'], name: /pizza/ }),
      r(1, { name: /take & bake/ }),
    ],
  },
  {
    q: 'frozen vegetables',
    class: 'multi-word',
    means: 'frozen vegetables',
    rules: [
      r(3, { aisle: ['frozen-vegetables-fruit'], name: /vegetables|broccoli|peas|corn|cauliflower/ }),
      r(1, { aisle: ['frozen-vegetables-fruit'] }),
    ],
  },
  {
    q: 'whole milk',
    class: 'multi-word',
    means: 'whole milk',
    rules: [
      r(3, { aisle: ['milk-cream'], name: /whole milk/, nameNot: /chocolate|strawberry/ }),
      r(2, { aisle: ['milk-cream'], name: /\bmilk\b/, nameNot: /chocolate|strawberry|almond|oat|soy/ }),
      r(1, { aisle: ['milk-cream'], name: /\bmilk\b/ }),
    ],
  },
  {
    q: 'brown rice',
    class: 'multi-word',
    means: 'brown rice',
    rules: [
      r(3, { aisle: ['rice-grains-beans'], name: /brown (jasmine |basmati )?rice/ }),
      r(1, { aisle: ['rice-grains-beans'], name: /rice/ }),
    ],
  },
  {
    q: 'strawberry yogurt',
    class: 'multi-word',
    means: 'strawberry yogurt',
    rules: [r(3, { aisle: ['yogurt'], name: /strawberry/ }), r(1, { aisle: ['yogurt'], name: /yogurt/ })],
  },
  {
    q: 'sourdough bread',
    class: 'multi-word',
    means: 'a sourdough loaf',
    rules: [r(3, { name: /sourdough/, department: ['bakery-bread'] }), r(1, { aisle: ['sliced-bread'] })],
  },
  {
    q: 'cheddar cheese',
    class: 'multi-word',
    means: 'cheddar cheese',
    rules: [r(3, { aisle: ['cheese'], name: /cheddar/ }), r(1, { aisle: ['cheese'] }), r(1, { name: /cheddar/ })],
  },
  {
    q: 'black beans',
    class: 'multi-word',
    means: 'black beans',
    rules: [r(3, { name: /black beans/ }), r(1, { aisle: ['rice-grains-beans'], name: /beans/ })],
  },
  {
    q: 'vanilla ice cream',
    class: 'multi-word',
    means: 'vanilla ice cream',
    rules: [
      r(3, { aisle: ['ice-cream-novelties'], name: /vanilla.*ice cream/, nameNot: /sandwich/ }),
      r(2, { aisle: ['ice-cream-novelties'], name: /vanilla/ }),
      r(1, { aisle: ['ice-cream-novelties'], name: /ice cream/ }),
    ],
  },
  {
    q: 'frozen strawberries',
    class: 'multi-word',
    means: 'frozen strawberries',
    rules: [
      r(3, { aisle: ['frozen-vegetables-fruit'], name: /strawberries/ }),
      r(2, { aisle: ['frozen-vegetables-fruit'], name: /berry/ }),
      r(1, { aisle: ['fresh-fruit'], name: /strawberries/ }),
    ],
  },
  {
    q: 'breakfast sausage',
    class: 'multi-word',
    means: 'breakfast sausage',
    rules: [r(3, { name: /breakfast sausage/ }), r(1, { aisle: ['bacon-sausage'], name: /sausage/ })],
  },
  {
    q: 'chicken noodle soup',
    class: 'multi-word',
    means: 'chicken noodle soup',
    rules: [r(3, { name: /chicken noodle soup/ }), r(1, { name: /\bsoup\b/ })],
  },
  {
    q: 'sparkling water',
    class: 'multi-word',
    means: 'sparkling water',
    rules: [
      r(3, { aisle: ['water-sparkling'], name: /sparkling/ }),
      r(2, { name: /club soda/ }),
      r(1, { aisle: ['water-sparkling'] }),
    ],
  },
  {
    q: 'red bell pepper',
    class: 'multi-word',
    means: 'red bell peppers',
    rules: [r(3, { name: /red bell pepper/ }), r(1, { aisle: ['fresh-vegetables'], name: /bell pepper/ })],
  },
  {
    q: 'shredded mozzarella',
    class: 'multi-word',
    means: 'shredded mozzarella',
    rules: [
      r(3, { aisle: ['cheese'], name: /shredded.*mozzarella/ }),
      r(1, { aisle: ['cheese'], name: /mozzarella|shredded/ }),
    ],
  },
  {
    q: 'baby spinach',
    class: 'multi-word',
    means: 'baby spinach',
    rules: [r(3, { name: /baby spinach/ }), r(1, { aisle: ['salads-herbs'], name: /kale|spring mix/ })],
  },
  {
    q: 'maple syrup',
    class: 'multi-word',
    means: 'maple syrup',
    rules: [r(3, { name: /maple syrup/ }), r(2, { name: /pancake syrup/ })],
  },
  {
    q: 'taco seasoning',
    class: 'multi-word',
    means: 'taco seasoning',
    rules: [r(3, { name: /taco seasoning/ }), r(1, { name: /chili powder|ground cumin/ })],
  },
  {
    q: 'canned tuna',
    class: 'multi-word',
    means: 'canned tuna',
    rules: [r(3, { aisle: ['canned-goods-soups'], name: /tuna/ }), r(1, { name: /canned chicken|chunk chicken/ })],
  },
  {
    q: 'chicken broth',
    class: 'multi-word',
    means: 'chicken broth',
    rules: [r(3, { name: /chicken broth/ }), r(2, { name: /\bbroth\b/ })],
  },
  {
    q: 'ground cinnamon',
    class: 'multi-word',
    means: 'ground cinnamon',
    rules: [r(3, { name: /ground cinnamon/ }), r(1, { aisle: ['oils-condiments-spices'], name: /\bground\b/ })],
  },
];
