/**
 * Judged queries for kinds of product: attributes (diets, ways of growing and making), pet, baby and household
 * things, the catalogue's brands, and queries that must find nothing because Pantry does not sell what they ask.
 */
import type { JudgedQuery } from './judgments';
import { r } from './rule-sets';

export const KIND_QUERIES: JudgedQuery[] = [
  // Attributes: the attribute is what the shopper asks for, the item narrows it.
  {
    q: 'gluten free bread',
    class: 'attribute',
    means: 'bread without gluten',
    rules: [
      r(3, { aisle: ['sliced-bread'], name: /gluten-free/ }),
      r(3, { aisle: ['sliced-bread'], tags: ['gluten-free'] }),
      r(2, { department: ['bakery-bread'], name: /gluten-free/ }),
      r(2, { department: ['bakery-bread'], tags: ['gluten-free'] }),
      r(1, { aisle: ['sliced-bread'] }),
      r(1, { aisle: ['baking'], name: /gluten-free/ }),
    ],
  },
  {
    q: 'organic eggs',
    class: 'attribute',
    means: 'organic eggs',
    rules: [
      r(3, { aisle: ['eggs'], name: /\beggs\b/, tags: ['organic'] }),
      r(2, { aisle: ['eggs'], tags: ['organic'] }),
      r(1, { aisle: ['eggs'], name: /\beggs\b/ }),
    ],
  },
  {
    q: 'dairy free milk',
    class: 'attribute',
    means: 'a plant milk',
    rules: [
      r(3, { aisle: ['milk-cream'], name: /\bmilk\b/, tags: ['dairy-free'] }),
      r(2, { name: /coconut milk/ }),
      r(1, { aisle: ['milk-cream'], name: /lactose-free/ }),
    ],
  },
  {
    q: 'lactose free milk',
    class: 'attribute',
    means: 'lactose-free dairy milk',
    rules: [
      r(3, { aisle: ['milk-cream'], name: /lactose-free.*\bmilk\b/ }),
      r(2, { aisle: ['milk-cream'], name: /\bmilk\b/, tags: ['dairy-free'] }),
      r(1, { aisle: ['milk-cream'], name: /lactose-free/ }),
    ],
  },
  {
    q: 'organic milk',
    class: 'attribute',
    means: 'organic dairy milk',
    rules: [
      r(3, {
        aisle: ['milk-cream'],
        name: /\bmilk\b/,
        nameNot: /almond|oat|soy|coconut|chocolate|strawberry/,
        tags: ['organic'],
      }),
      r(2, { aisle: ['milk-cream'], name: /\bmilk\b/, tags: ['organic'] }),
      r(1, { aisle: ['milk-cream'], name: /\bmilk\b/ }),
    ],
  },
  {
    q: 'organic apples',
    class: 'attribute',
    means: 'organic apples',
    rules: [
      r(3, { aisle: ['fresh-fruit'], name: /apples/, tags: ['organic'] }),
      r(1, { aisle: ['fresh-fruit'], name: /apples/ }),
    ],
  },
  {
    q: 'organic chicken',
    class: 'attribute',
    means: 'organic raw chicken',
    rules: [
      r(0, { department: ['pet'] }),
      r(3, { aisle: ['chicken-turkey'], name: /chicken/, tags: ['organic'] }),
      r(1, { aisle: ['chicken-turkey'], name: /chicken/ }),
    ],
  },
  {
    q: 'organic baby food',
    class: 'attribute',
    means: 'organic baby food',
    rules: [
      r(3, { aisle: ['formula-baby-food'], name: /baby food|puree|puffs|baby cereal/, tags: ['organic'] }),
      r(2, { aisle: ['formula-baby-food'], tags: ['organic'] }),
      r(1, { aisle: ['formula-baby-food'] }),
    ],
  },
  {
    q: 'keto',
    class: 'attribute',
    means: 'keto-friendly food',
    rules: [r(3, { tags: ['keto'] })],
  },
  {
    q: 'keto snacks',
    class: 'attribute',
    means: 'keto-friendly snacks',
    rules: [
      r(3, { department: ['snacks-candy'], tags: ['keto'] }),
      r(2, { aisle: ['breakfast-bars', 'deli-meats', 'cheese'], tags: ['keto'] }),
      r(1, { tags: ['keto'] }),
    ],
  },
  {
    q: 'kosher',
    class: 'attribute',
    means: 'kosher-certified food',
    rules: [r(3, { tags: ['kosher'] }), r(1, { name: /kosher/ })],
  },
  {
    q: 'sugar free',
    class: 'attribute',
    means: 'food or drink without sugar',
    rules: [
      r(3, { tags: ['sugar-free'] }),
      r(3, { name: /sugar-free|zero sugar/ }),
      r(2, { name: /no sugar added|unsweetened/ }),
      r(1, { name: /reduced sugar|\bdiet\b/ }),
    ],
  },
  {
    q: 'sugar free gum',
    class: 'attribute',
    means: 'sugar-free chewing gum',
    rules: [
      r(3, { name: /\bgum\b/, tags: ['sugar-free'], nameNot: /nicotine/ }),
      r(3, { name: /sugar-free.*\bgum\b/ }),
    ],
  },
  {
    q: 'low sodium',
    class: 'attribute',
    means: 'low-sodium food',
    rules: [
      r(3, { tags: ['low-sodium'] }),
      r(3, { name: /low sodium|no salt added/ }),
      r(1, { name: /unsalted|reduced sodium/ }),
    ],
  },
  {
    q: 'low sodium soup',
    class: 'attribute',
    means: 'low-sodium soup or broth',
    rules: [
      r(3, { name: /low sodium.*\bsoup\b/ }),
      r(2, { name: /low sodium.*\bbroth\b/ }),
      r(1, { name: /\bsoup\b/ }),
      r(1, { name: /low sodium/ }),
    ],
  },
  {
    q: 'vegan ice cream',
    class: 'attribute',
    means: 'a non-dairy frozen dessert',
    rules: [
      r(3, { aisle: ['ice-cream-novelties'], tags: ['vegan'], name: /frozen dessert/ }),
      r(2, { aisle: ['ice-cream-novelties'], tags: ['vegan'], nameNot: /party ice/ }),
      r(1, { aisle: ['ice-cream-novelties'], name: /ice cream/ }),
    ],
  },
  {
    q: 'vegan butter',
    class: 'attribute',
    means: 'plant-based butter',
    rules: [r(3, { aisle: ['butter-spreads'], tags: ['vegan'] }), r(1, { aisle: ['butter-spreads'] })],
  },
  {
    q: 'dairy free yogurt',
    class: 'attribute',
    means: 'a plant-based yogurt',
    rules: [r(3, { aisle: ['yogurt'], tags: ['dairy-free'] }), r(1, { aisle: ['yogurt'] })],
  },
  {
    q: 'gluten free pasta',
    class: 'attribute',
    means: 'pasta without gluten',
    rules: [
      r(3, { aisle: ['pasta-sauce'], name: /gluten-free|chickpea/, nameNot: /sauce|pesto/ }),
      r(1, { aisle: ['pasta-sauce'], name: /spaghetti|penne|rotini|fettuccine|macaroni|noodles/ }),
    ],
  },
  {
    q: 'gluten free crackers',
    class: 'attribute',
    means: 'crackers without gluten',
    rules: [
      r(3, { aisle: ['crackers'], tags: ['gluten-free'] }),
      r(3, { aisle: ['crackers'], name: /gluten-free/ }),
      r(1, { aisle: ['crackers'] }),
    ],
  },
  {
    q: 'whole wheat bread',
    class: 'attribute',
    means: 'whole wheat bread',
    rules: [
      r(3, { aisle: ['sliced-bread'], name: /whole wheat/ }),
      r(2, { department: ['bakery-bread'], name: /whole wheat|whole grain|multigrain/ }),
      r(1, { aisle: ['sliced-bread'] }),
    ],
  },
  {
    q: 'decaf coffee',
    class: 'attribute',
    means: 'decaffeinated coffee',
    rules: [r(3, { aisle: ['coffee'], name: /decaf/ }), r(1, { aisle: ['coffee'] })],
  },
  {
    q: 'grass fed beef',
    class: 'attribute',
    means: 'grass-fed beef',
    rules: [r(3, { aisle: ['beef'], name: /grass-fed/ }), r(1, { aisle: ['beef'] })],
  },
  {
    q: 'fat free milk',
    class: 'attribute',
    means: 'skim milk',
    rules: [
      r(3, { aisle: ['milk-cream'], name: /fat free.*milk|skim milk/, nameNot: /chocolate|strawberry/ }),
      r(2, { aisle: ['milk-cream'], name: /low fat.*milk|1%/ }),
      r(1, { aisle: ['milk-cream'], name: /\bmilk\b/ }),
    ],
  },
  {
    q: 'unscented laundry detergent',
    class: 'attribute',
    means: 'fragrance-free laundry detergent',
    rules: [
      r(3, { aisle: ['laundry'], name: /(free & clear|unscented).*detergent/ }),
      r(2, { aisle: ['laundry'], name: /detergent/ }),
      r(1, { aisle: ['laundry'], name: /free & clear|unscented/ }),
    ],
  },

  // Pet, baby and household: the animal or the use decides.
  {
    q: 'salmon cat food',
    class: 'non-food',
    means: 'cat food with salmon',
    rules: [
      r(3, { aisle: ['cat-food'], name: /salmon/ }),
      r(2, { aisle: ['cat-food'] }),
      r(1, { department: ['pet'], name: /salmon/ }),
    ],
  },
  {
    q: 'baby food',
    class: 'non-food',
    means: 'food for babies',
    rules: [
      r(3, { aisle: ['formula-baby-food'], name: /baby food|puree|pouch/ }),
      r(2, { aisle: ['formula-baby-food'] }),
    ],
  },
  {
    q: 'dog treats',
    class: 'non-food',
    means: 'treats for dogs',
    rules: [
      r(3, { aisle: ['pet-treats'], name: /dog|dental chews/ }),
      r(1, { aisle: ['pet-treats'] }),
      r(1, { aisle: ['dog-food'] }),
    ],
  },
  {
    q: 'dog food',
    class: 'non-food',
    means: 'food for dogs',
    rules: [r(3, { aisle: ['dog-food'] }), r(1, { aisle: ['pet-treats'], name: /dog/ })],
  },
  {
    q: 'cat litter',
    class: 'non-food',
    means: 'cat litter',
    rules: [r(3, { name: /cat litter/ }), r(1, { aisle: ['litter-supplies'] })],
  },
  {
    q: 'paper towels',
    class: 'non-food',
    means: 'paper towels',
    rules: [r(3, { name: /paper towels/ }), r(1, { aisle: ['paper-goods'], name: /napkins/ })],
  },
  {
    q: 'trash bags',
    class: 'non-food',
    means: 'kitchen trash bags',
    rules: [r(3, { name: /trash bags/ }), r(1, { name: /waste bags/ })],
  },
  {
    q: 'dish soap',
    class: 'non-food',
    means: 'liquid dish soap',
    rules: [
      r(3, { aisle: ['dish-care'], name: /dish soap/ }),
      r(2, { aisle: ['dish-care'], name: /dishwasher detergent/ }),
      r(1, { aisle: ['dish-care'] }),
    ],
  },
  {
    q: 'laundry detergent',
    class: 'non-food',
    means: 'laundry detergent',
    rules: [
      r(3, { aisle: ['laundry'], name: /detergent/ }),
      r(2, { aisle: ['baby-care'], name: /laundry detergent/ }),
      r(1, { aisle: ['laundry'] }),
    ],
  },
  {
    q: 'baby wipes',
    class: 'non-food',
    means: 'baby wipes',
    rules: [r(3, { name: /baby wipes/ }), r(1, { aisle: ['diapers-wipes'] })],
  },
  {
    q: 'toothbrush',
    class: 'non-food',
    means: 'a toothbrush',
    rules: [r(3, { name: /toothbrush/ }), r(1, { aisle: ['oral-care'] })],
  },
  {
    q: 'sunscreen',
    class: 'non-food',
    means: 'sunscreen',
    rules: [r(3, { name: /sunscreen/ }), r(1, { name: /lotion/, aisle: ['hair-skin-care'] })],
  },
  {
    q: 'vitamins',
    class: 'non-food',
    means: 'vitamins',
    rules: [
      r(3, { aisle: ['vitamins-supplements'], name: /vitamin|multivitamin/ }),
      r(2, { aisle: ['vitamins-supplements'] }),
    ],
  },
  {
    q: 'cough drops',
    class: 'non-food',
    means: 'cough drops',
    rules: [r(3, { name: /cough drops/ }), r(1, { aisle: ['medicine'] })],
  },
  {
    q: 'kitten food',
    class: 'non-food',
    means: 'food for kittens',
    rules: [r(3, { aisle: ['cat-food'], name: /kitten/ }), r(1, { aisle: ['cat-food'] })],
  },
  {
    q: 'flowers',
    class: 'non-food',
    means: 'cut flowers or a potted plant',
    rules: [r(3, { aisle: ['floral'], name: /bouquet|roses/ }), r(2, { aisle: ['floral'] })],
  },
  {
    q: 'deodorant',
    class: 'non-food',
    means: 'deodorant',
    rules: [r(3, { name: /deodorant/ })],
  },
  {
    q: 'sponges',
    class: 'non-food',
    means: 'kitchen sponges',
    rules: [r(3, { name: /sponges/ }), r(1, { aisle: ['dish-care'] })],
  },

  // The catalogue's own brands, alone or with an item.
  {
    q: 'birchwood creamery',
    class: 'brand',
    means: 'Birchwood Creamery products',
    rules: [r(3, { name: /^birchwood creamery / })],
  },
  {
    q: 'silver pail milk',
    class: 'brand',
    means: 'Silver Pail milk',
    rules: [
      r(3, { name: /^silver pail .*\bmilk\b/, aisle: ['milk-cream'] }),
      r(1, { name: /^silver pail / }),
      r(1, { aisle: ['milk-cream'], name: /\bmilk\b/ }),
    ],
  },
  {
    q: 'alpine paws',
    class: 'brand',
    means: 'Alpine Paws pet products',
    rules: [r(3, { name: /^alpine paws / })],
  },
  {
    q: 'kibble creek cat food',
    class: 'brand',
    means: 'Kibble Creek cat food',
    rules: [
      r(3, { name: /^kibble creek /, aisle: ['cat-food'] }),
      r(1, { name: /^kibble creek / }),
      r(1, { aisle: ['cat-food'] }),
    ],
  },
  {
    q: 'button nose diapers',
    class: 'brand',
    means: 'Button Nose diapers',
    rules: [
      r(3, { name: /^button nose .*diapers/ }),
      r(1, { name: /^button nose / }),
      r(1, { aisle: ['diapers-wipes'], name: /diapers/ }),
    ],
  },
  {
    q: 'arctic orchard pizza',
    class: 'brand',
    means: 'Arctic Orchard frozen pizza',
    rules: [
      r(3, { name: /^arctic orchard .*pizza/ }),
      r(1, { name: /^arctic orchard / }),
      r(1, { aisle: ['frozen-pizza'] }),
    ],
  },
  {
    q: "baker's almanac",
    class: 'brand',
    means: "Baker's Almanac bakery products",
    rules: [r(3, { name: /^baker's almanac / })],
  },
  {
    q: 'bolt & bloom',
    class: 'brand',
    means: 'Bolt & Bloom drinks',
    rules: [r(3, { name: /^bolt & bloom / })],
  },
  {
    q: 'boxcar ipa',
    class: 'brand',
    means: 'Boxcar India pale ale',
    rules: [
      r(3, { name: /^boxcar .*india pale ale/ }),
      r(2, { name: /^boxcar /, aisle: ['beer'] }),
      r(1, { name: /^boxcar / }),
      r(1, { name: /india pale ale/ }),
    ],
  },
  {
    q: 'blue heron wellness ibuprofen',
    class: 'brand',
    means: 'Blue Heron Wellness ibuprofen',
    rules: [
      r(3, { name: /^blue heron wellness .*ibuprofen/ }),
      r(1, { name: /^blue heron wellness / }),
      r(1, { name: /ibuprofen/ }),
    ],
  },
  {
    q: 'brambleberry kitchen granola',
    class: 'brand',
    means: 'Brambleberry Kitchen granola',
    rules: [
      r(3, { name: /^brambleberry kitchen .*granola,/, aisle: ['cereal'] }),
      r(2, { name: /granola,/, aisle: ['cereal'] }),
      r(1, { name: /^brambleberry kitchen / }),
      r(1, { name: /granola/ }),
    ],
  },

  // Nothing Pantry sells: an honest empty page beats anything shown.
  { q: 'asdfghjkl', class: 'nothing', means: 'keyboard mashing', rules: [] },
  { q: 'qwzxv plorf', class: 'nothing', means: 'gibberish', rules: [] },
  { q: 'xkcdzzq', class: 'nothing', means: 'gibberish', rules: [] },
  { q: 'lawn mower', class: 'nothing', means: 'a garden machine Pantry does not sell', rules: [] },
  { q: 'iphone charger', class: 'nothing', means: 'electronics', rules: [] },
  { q: 'motor oil', class: 'nothing', means: 'car supplies, not cooking oil', rules: [] },
  { q: 'car tires', class: 'nothing', means: 'car parts', rules: [] },
  { q: 'sofa', class: 'nothing', means: 'furniture', rules: [] },
  { q: 'television', class: 'nothing', means: 'electronics', rules: [] },
  { q: 'garden hose', class: 'nothing', means: 'garden supplies, not pantyhose or a garden salad', rules: [] },
  { q: 'q-tips', class: 'nothing', means: 'cotton swabs, which the catalogue does not carry', rules: [] },
  { q: 'band-aid', class: 'nothing', means: 'adhesive bandages, which the catalogue does not carry', rules: [] },
  {
    q: 'vegan cheese',
    class: 'nothing',
    means: 'plant-based cheese, which the catalogue does not carry; dairy cheese is wrong',
    rules: [],
  },
];
