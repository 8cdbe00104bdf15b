/** Judged generic words: the everyday item first, its near kinds next, what merely shares the word last. */
import type { JudgedQuery } from './judgments';
import { MILK, BREAD, BANANAS, AVOCADO, SODA, r } from './rule-sets';

export const GENERIC_QUERIES: JudgedQuery[] = [
  { q: 'milk', class: 'generic', means: 'dairy milk to drink', rules: MILK },
  { q: 'bread', class: 'generic', means: 'a loaf of sliced bread', rules: BREAD },
  {
    q: 'rice',
    class: 'generic',
    means: 'a bag of rice',
    rules: [
      r(3, { aisle: ['rice-grains-beans'], name: /\brice\b/ }),
      r(1, { name: /\brice\b/, nameNot: /crisp(y|ed) rice/ }),
      r(1, { name: /riced cauliflower/ }),
    ],
  },
  {
    q: 'salmon',
    class: 'generic',
    means: 'salmon to eat, not pet food',
    rules: [r(0, { department: ['pet'] }), r(3, { aisle: ['seafood'], name: /salmon/ }), r(1, { name: /salmon/ })],
  },
  {
    q: 'beer',
    class: 'generic',
    means: 'beer, not root beer',
    rules: [r(0, { name: /root beer/ }), r(3, { aisle: ['beer'] }), r(1, { aisle: ['hard-seltzer-cider'] })],
  },
  { q: 'avocado', class: 'generic', means: 'fresh avocados', rules: AVOCADO },
  {
    q: 'oatmeal',
    class: 'generic',
    means: 'oats or instant oatmeal to cook',
    rules: [
      r(0, { aisle: ['beer'] }),
      r(3, { aisle: ['oatmeal-hot-cereal'], name: /\boat/ }),
      r(1, { name: /oatmeal/ }),
    ],
  },
  {
    q: 'eggs',
    class: 'generic',
    means: 'a carton of eggs',
    rules: [
      r(3, { aisle: ['eggs'], name: /\beggs\b/, nameNot: /hard-boiled|whites/ }),
      r(2, { aisle: ['eggs'] }),
      r(1, { name: /\begg\b/ }),
    ],
  },
  {
    q: 'cheese',
    class: 'generic',
    means: 'cheese from the cheese case',
    rules: [
      r(3, {
        aisle: ['cheese'],
        name: /cheese|cheddar|mozzarella|provolone|brie|parmesan|feta/,
        nameNot: /cream cheese|cottage cheese/,
      }),
      r(2, { aisle: ['cheese'], name: /cream cheese|cottage cheese/ }),
      r(1, { name: /cheese|cheddar/ }),
    ],
  },
  {
    q: 'chicken',
    class: 'generic',
    means: 'raw chicken to cook',
    rules: [
      r(0, { department: ['pet'] }),
      r(3, { aisle: ['chicken-turkey'], name: /chicken/ }),
      r(2, { name: /rotisserie chicken|chunk chicken breast/ }),
      r(1, { name: /chicken/ }),
    ],
  },
  {
    q: 'apples',
    class: 'generic',
    means: 'fresh apples',
    rules: [r(3, { aisle: ['fresh-fruit'], name: /apples/ }), r(1, { name: /\bapple/, nameNot: /pineapple/ })],
  },
  { q: 'bananas', class: 'generic', means: 'fresh bananas', rules: BANANAS },
  {
    q: 'coffee',
    class: 'generic',
    means: 'coffee to brew',
    rules: [r(3, { aisle: ['coffee'] }), r(1, { name: /coffee/ })],
  },
  {
    q: 'yogurt',
    class: 'generic',
    means: 'yogurt',
    rules: [r(3, { aisle: ['yogurt'], name: /yogurt|skyr/ }), r(2, { aisle: ['yogurt'] }), r(1, { name: /yogurt/ })],
  },
  {
    q: 'butter',
    class: 'generic',
    means: 'butter, not peanut butter',
    rules: [r(3, { aisle: ['butter-spreads'], nameNot: /plant-based/ }), r(2, { aisle: ['butter-spreads'] })],
  },
  {
    q: 'pasta',
    class: 'generic',
    means: 'dry pasta',
    rules: [
      r(3, {
        aisle: ['pasta-sauce'],
        name: /spaghetti|penne|rotini|fettuccine|elbow macaroni|lasagna noodles|egg noodles/,
      }),
      r(2, { name: /ravioli|macaroni/ }),
      r(1, { aisle: ['pasta-sauce'] }),
    ],
  },
  {
    q: 'cereal',
    class: 'generic',
    means: 'breakfast cereal',
    rules: [r(3, { aisle: ['cereal'] }), r(1, { aisle: ['oatmeal-hot-cereal'] }), r(1, { name: /cereal/ })],
  },
  {
    q: 'juice',
    class: 'generic',
    means: 'fruit juice',
    rules: [r(3, { aisle: ['juice'], name: /juice/ }), r(2, { aisle: ['juice'] })],
  },
  {
    q: 'tea',
    class: 'generic',
    means: 'tea bags or iced tea',
    rules: [r(3, { aisle: ['tea-cocoa'], name: /\btea\b/ }), r(1, { name: /\btea\b|kombucha/ })],
  },
  {
    q: 'water',
    class: 'generic',
    means: 'bottled water',
    rules: [r(3, { aisle: ['water-sparkling'] }), r(1, { name: /coconut water|club soda/ })],
  },
  {
    q: 'chips',
    class: 'generic',
    means: 'potato or tortilla chips',
    rules: [
      r(3, { aisle: ['chips-pretzels'], name: /\bchips\b/ }),
      r(1, { aisle: ['chips-pretzels'] }),
      r(1, { name: /chocolate chips/ }),
    ],
  },
  {
    q: 'cookies',
    class: 'generic',
    means: 'cookies',
    rules: [
      r(0, { department: ['pet'] }),
      r(3, { aisle: ['cookies-sweet-snacks', 'cakes-desserts'], name: /cookies/ }),
      r(2, { aisle: ['cookies-sweet-snacks'], name: /animal crackers/ }),
      r(1, { name: /cookie/ }),
    ],
  },
  {
    q: 'potatoes',
    class: 'generic',
    means: 'fresh potatoes',
    rules: [
      r(3, { aisle: ['fresh-vegetables'], name: /potatoes/, nameNot: /sweet potato/ }),
      r(2, { aisle: ['fresh-vegetables'], name: /sweet potatoes/ }),
      r(1, { name: /potato|hash browns|fries/ }),
    ],
  },
  {
    q: 'onions',
    class: 'generic',
    means: 'fresh onions',
    rules: [
      r(3, { aisle: ['fresh-vegetables'], name: /onions/ }),
      r(2, { name: /green onions/ }),
      r(1, { name: /onion/ }),
    ],
  },
  {
    q: 'tomatoes',
    class: 'generic',
    means: 'fresh tomatoes',
    rules: [
      r(3, { aisle: ['fresh-vegetables'], name: /tomato/ }),
      r(2, { aisle: ['canned-goods-soups'], name: /diced tomatoes|crushed tomatoes/ }),
      r(1, { name: /tomato/ }),
    ],
  },
  {
    q: 'soup',
    class: 'generic',
    means: 'soup',
    rules: [
      r(3, { aisle: ['canned-goods-soups', 'prepared-meals'], name: /\bsoup\b/ }),
      r(2, { name: /\bbroth\b/ }),
      r(1, { name: /soup/ }),
    ],
  },
  {
    q: 'flour',
    class: 'generic',
    means: 'flour for baking',
    rules: [r(3, { aisle: ['baking'], name: /\bflour\b/ }), r(1, { name: /flour/ })],
  },
  {
    q: 'sugar',
    class: 'generic',
    means: 'sugar for baking, not sugar-free things',
    rules: [
      r(0, { name: /sugar-free|zero sugar|no sugar|reduced sugar/ }),
      r(3, { aisle: ['baking'], name: /\bsugar\b/ }),
      r(1, { name: /\bsugar\b/ }),
    ],
  },
  {
    q: 'shrimp',
    class: 'generic',
    means: 'shrimp',
    rules: [r(3, { aisle: ['seafood'], name: /shrimp/ }), r(1, { name: /shrimp/ })],
  },
  {
    q: 'steak',
    class: 'generic',
    means: 'a beef steak',
    rules: [r(3, { aisle: ['beef'], name: /steak/ }), r(1, { aisle: ['beef'] })],
  },
  {
    q: 'bacon',
    class: 'generic',
    means: 'bacon',
    rules: [r(3, { aisle: ['bacon-sausage'], name: /bacon/ }), r(1, { name: /bacon/ })],
  },
  {
    q: 'lettuce',
    class: 'generic',
    means: 'lettuce for a salad',
    rules: [
      r(3, { aisle: ['salads-herbs'], name: /lettuce|romaine/ }),
      r(2, { aisle: ['salads-herbs'], name: /spring mix|salad kit/ }),
      r(1, { aisle: ['salads-herbs'], name: /spinach|kale|coleslaw/ }),
    ],
  },
  {
    q: 'tortillas',
    class: 'generic',
    means: 'tortillas for tacos or wraps',
    rules: [r(3, { aisle: ['tortillas-flatbreads'], name: /tortillas/ }), r(1, { name: /tortilla/ })],
  },
  {
    q: 'wine',
    class: 'generic',
    means: 'a bottle or box of wine',
    rules: [r(3, { aisle: ['wine-spirits'], name: /\bwine\b/ }), r(1, { aisle: ['wine-spirits'] })],
  },
  { q: 'soda', class: 'generic', means: 'a soft drink', rules: SODA },
  {
    q: 'diapers',
    class: 'generic',
    means: 'baby diapers',
    rules: [
      r(3, { aisle: ['diapers-wipes'], name: /diapers/ }),
      r(2, { name: /training pants/ }),
      r(1, { aisle: ['diapers-wipes'] }),
    ],
  },
  {
    q: 'shampoo',
    class: 'generic',
    means: 'shampoo',
    rules: [
      r(3, { aisle: ['hair-skin-care'], name: /shampoo/ }),
      r(2, { name: /shampoo/ }),
      r(1, { name: /conditioner/, aisle: ['hair-skin-care'] }),
    ],
  },
  {
    q: 'grapes',
    class: 'generic',
    means: 'fresh grapes',
    rules: [r(3, { aisle: ['fresh-fruit'], name: /grapes/ }), r(1, { name: /\bgrape\b/ })],
  },
];
