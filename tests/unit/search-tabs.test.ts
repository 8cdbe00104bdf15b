import { describe, expect, it } from 'vitest';
import { optionIndexForKey, tabIndexForKey } from '~/modules/search/tabs';

describe('search tabs keyboard model', () => {
  it('moves right and left with the arrow keys, wrapping at both ends', () => {
    expect(tabIndexForKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabIndexForKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 1, 2)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 2)).toBe(1);
  });

  it('jumps to the first tab with Home and the last with End', () => {
    expect(tabIndexForKey('Home', 2, 3)).toBe(0);
    expect(tabIndexForKey('End', 0, 3)).toBe(2);
  });

  it('leaves every other key alone', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Enter', ' ', 'Tab', 'a']) expect(tabIndexForKey(key, 0, 2)).toBeNull();
    expect(tabIndexForKey('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('suggestion list keyboard model', () => {
  it('moves down from nothing to the first option and wraps after the last', () => {
    expect(optionIndexForKey('ArrowDown', -1, 3)).toBe(0);
    expect(optionIndexForKey('ArrowDown', 2, 3)).toBe(0);
  });

  it('moves up from nothing or the first option to the last', () => {
    expect(optionIndexForKey('ArrowUp', -1, 3)).toBe(2);
    expect(optionIndexForKey('ArrowUp', 0, 3)).toBe(2);
    expect(optionIndexForKey('ArrowUp', 2, 3)).toBe(1);
  });

  it('does nothing without options or for other keys', () => {
    expect(optionIndexForKey('ArrowDown', -1, 0)).toBeNull();
    expect(optionIndexForKey('Enter', 0, 3)).toBeNull();
  });
});
