import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greetingName, greetingText, useWideGreetingLayout } from '~/modules/customers/greeting';

describe('greeting', () => {
  it('keeps a name of 19 characters whole', () => {
    expect(greetingName('Maximiliana Rosalie')).toBe('Maximiliana Rosalie');
  });

  it('cuts a name longer than 19 characters to 16 characters plus "..."', () => {
    expect(greetingName('Bartholomew-Alexander')).toBe('Bartholomew-Alex...');
    expect(greetingText('Bartholomew-Alexander')).toBe('Hi, Bartholomew-Alex...');
  });

  it('never shows more than 19 characters of a name, and never cuts a short one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim() === s && s.length > 0),
        (name) => {
          const shown = greetingName(name);
          const length = Array.from(name).length;
          if (length <= 19) expect(shown).toBe(name);
          else {
            expect(shown.endsWith('...')).toBe(true);
            expect(Array.from(shown).length).toBe(19);
            expect(name.startsWith(shown.slice(0, -3))).toBe(true);
          }
        },
      ),
    );
  });

  it('changes the layout only above 1279 px and for a greeting wider than 154 px', () => {
    expect(useWideGreetingLayout(1280, 155)).toBe(true);
    expect(useWideGreetingLayout(1279, 300)).toBe(false);
    expect(useWideGreetingLayout(1440, 154)).toBe(false);
  });
});
