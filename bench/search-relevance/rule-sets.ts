/**
 * Rule sets more than one judged query shares: a word, its misspellings and its other names mean the same
 * thing, so they are judged alike.
 */
import type { Grade, RelevanceRule } from './judgments';

export const r = (grade: Grade, when: Omit<RelevanceRule, 'grade'>): RelevanceRule => ({ grade, ...when });

// Dairy milk to drink; flavoured and plant milks are near; cream and canned milks are related.
export const MILK = [
  r(3, { aisle: ['milk-cream'], name: /\bmilk\b/, nameNot: /chocolate|strawberry|almond|oat|soy|coconut|condensed/ }),
  r(2, { aisle: ['milk-cream'], name: /\b(chocolate|strawberry|almond|oat|soy) milk\b/ }),
  r(1, { aisle: ['milk-cream'] }),
  r(1, { name: /condensed milk|coconut milk|kefir/ }),
];
export const BREAD = [
  r(3, { aisle: ['sliced-bread'] }),
  r(2, { aisle: ['rolls-buns'], name: /bread|baguette/ }),
  r(1, { aisle: ['rolls-buns', 'bagels-muffins-pastries', 'tortillas-flatbreads'] }),
];
export const BANANAS = [r(3, { aisle: ['fresh-fruit'], name: /banana/ }), r(1, { name: /banana/ })];
export const AVOCADO = [
  r(3, { aisle: ['fresh-fruit'], name: /avocado/ }),
  r(2, { name: /guacamole/ }),
  r(1, { name: /avocado/ }),
];
export const CHOCOLATE_MILK = [
  r(3, { aisle: ['milk-cream'], name: /chocolate milk/ }),
  r(2, { aisle: ['milk-cream'], name: /\bmilk\b/, nameNot: /coffee creamer/ }),
  r(1, { name: /hot cocoa|chocolate protein shake/ }),
];
export const BROCCOLI = [r(3, { aisle: ['fresh-vegetables'], name: /broccoli/ }), r(2, { name: /broccoli/ })];
export const COLA = [
  r(3, { aisle: ['soft-drinks'], name: /\bcola\b/ }),
  r(1, { aisle: ['soft-drinks'], nameNot: /club soda/ }),
];
export const IBUPROFEN = [r(3, { name: /ibuprofen/ }), r(1, { name: /acetaminophen/ })];
export const ACETAMINOPHEN = [r(3, { name: /acetaminophen/ }), r(1, { name: /ibuprofen/ })];
export const BATH_TISSUE = [
  r(3, { aisle: ['paper-goods'], name: /bath tissue|toilet paper/ }),
  r(1, { aisle: ['paper-goods'], name: /facial tissue|paper towels/ }),
];
export const PEANUT_BUTTER = [
  r(0, { department: ['pet'] }),
  r(3, { aisle: ['nut-butters-spreads'], name: /peanut butter/ }),
  r(2, { aisle: ['nut-butters-spreads'], name: /almond butter/ }),
  r(1, { name: /peanut butter/ }),
];
export const SODA = [
  r(3, { aisle: ['soft-drinks'], nameNot: /club soda/ }),
  r(2, { name: /club soda|sparkling (mineral )?water/ }),
];
export const SUB_SANDWICH = [r(3, { name: /\bsub sandwich/ }), r(1, { aisle: ['prepared-meals'], name: /wrap/ })];
export const HALF_AND_HALF = [
  r(3, { aisle: ['milk-cream'], name: /half & half|half and half/ }),
  r(1, { aisle: ['milk-cream'], name: /cream\b/ }),
];
