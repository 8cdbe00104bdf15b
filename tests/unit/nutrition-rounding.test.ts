import { describe, expect, it } from 'vitest';
import {
  formatDeclared,
  percentDailyValue,
  roundCalories,
  roundNutrient,
  roundServings,
  type NutrientId,
} from '~/modules/catalog/nutrition-rounding';

const declared = (id: NutrientId, amount: number) => formatDeclared(id, roundNutrient(id, amount));

describe('FDA rounding (21 CFR 101.9(c))', () => {
  it('rounds calories under 5 to 0, up to 50 to the nearest 5 and above 50 to the nearest 10', () => {
    expect([4.9, 5, 7.4, 7.6, 48, 50, 51, 104, 105.5, 236].map(roundCalories)).toEqual([
      0, 5, 5, 10, 50, 50, 50, 100, 110, 240,
    ]);
  });

  it('rounds fats under 0.5 g to 0, under 5 g to the nearest 0.5 g and from 5 g to the nearest gram', () => {
    for (const id of ['totalFat', 'saturatedFat', 'transFat'] as const) {
      expect([0.49, 0.5, 1.2, 2.3, 4.74, 5, 7.5, 12.4].map((g) => declared(id, g))).toEqual([
        '0g',
        '0.5g',
        '1g',
        '2.5g',
        '4.5g',
        '5g',
        '8g',
        '12g',
      ]);
    }
  });

  it('rounds cholesterol under 2 mg to 0, 2 to 5 mg to "less than 5 mg" and above to the nearest 5 mg', () => {
    expect([1.9, 2, 5, 6, 186, 188].map((mg) => declared('cholesterol', mg))).toEqual([
      '0mg',
      'less than 5mg',
      'less than 5mg',
      '5mg',
      '185mg',
      '190mg',
    ]);
  });

  it('rounds sodium under 5 mg to 0, 5 to 140 mg to the nearest 5 mg and above to the nearest 10 mg', () => {
    expect([4.9, 5, 62, 138, 140, 141, 444, 446].map((mg) => declared('sodium', mg))).toEqual([
      '0mg',
      '5mg',
      '60mg',
      '140mg',
      '140mg',
      '140mg',
      '440mg',
      '450mg',
    ]);
  });

  it('rounds carbohydrates, fibre, sugars and protein under 0.5 g to 0, under 1 g to "less than 1 g", else to the gram', () => {
    for (const id of ['totalCarbohydrate', 'dietaryFiber', 'totalSugars', 'addedSugars', 'protein'] as const) {
      expect([0.4, 0.5, 0.9, 1, 12.5, 26.4].map((g) => declared(id, g))).toEqual([
        '0g',
        'less than 1g',
        'less than 1g',
        '1g',
        '13g',
        '26g',
      ]);
    }
  });

  it('declares vitamin D and iron to 0.1 and calcium and potassium to 10', () => {
    expect(declared('vitaminD', 2.94)).toBe('2.9mcg');
    expect(declared('iron', 0.26)).toBe('0.3mg');
    expect(declared('calcium', 294)).toBe('290mg');
    expect(declared('potassium', 425)).toBe('430mg');
  });

  it('rounds servings per container to the half between 2 and 5 and to the whole otherwise', () => {
    expect([1.2, 2.2, 3.3, 4.8, 7.6, 15.1].map(roundServings)).toEqual([1, 2, 3.5, 5, 8, 15]);
  });
});

describe('% Daily Value (2020 daily values)', () => {
  it('takes the declared amount over the 2020 daily value to the nearest percent', () => {
    expect(percentDailyValue('totalFat', 8)).toBe(10); // 8 / 78
    expect(percentDailyValue('saturatedFat', 3)).toBe(15); // 3 / 20
    expect(percentDailyValue('sodium', 2300)).toBe(100);
    expect(percentDailyValue('sodium', 446)).toBe(20); // 450 / 2300
    expect(percentDailyValue('totalCarbohydrate', 37)).toBe(13); // 37 / 275
    expect(percentDailyValue('dietaryFiber', 4)).toBe(14); // 4 / 28
    expect(percentDailyValue('addedSugars', 12)).toBe(24); // 12 / 50
    expect(percentDailyValue('cholesterol', 186)).toBe(62); // 185 / 300
  });

  it('gives a fat that rounds to 0 g a 0 % daily value', () => {
    expect(percentDailyValue('totalFat', 0.4)).toBe(0);
  });

  it('shows no percent for trans fat, total sugars and protein', () => {
    expect(percentDailyValue('transFat', 1)).toBeNull();
    expect(percentDailyValue('totalSugars', 12)).toBeNull();
    expect(percentDailyValue('protein', 8)).toBeNull();
  });

  it('steps vitamins and minerals by 2 % to 10 %, 5 % to 50 % and 10 % above, under 2 % being 0', () => {
    expect(percentDailyValue('calcium', 20)).toBe(0); // 1.5 %
    expect(percentDailyValue('iron', 1.3)).toBe(8); // 7.2 %
    expect(percentDailyValue('vitaminD', 2.9)).toBe(15); // 14.5 %
    expect(percentDailyValue('calcium', 300)).toBe(25); // 23 %
    expect(percentDailyValue('iron', 10)).toBe(60); // 55.6 %
  });
});
