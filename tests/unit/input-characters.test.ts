import { describe, expect, it } from 'vitest';
import { hasControlChars } from '~/modules/http/forms.server';

describe('characters no field takes', () => {
  it.each(['a\u0000b', 'a\u001bb', 'a\u007fb', '\ud800', 'x\udc00y', 'end\ud83d', '\udc00\ud800'])(
    'refuses %j (a control character or a lone UTF-16 surrogate)',
    (value) => {
      expect(hasControlChars(value)).toBe(true);
    },
  );

  it.each(['Jordan', 'line\nbreak\ttab\r', 'Crème brûlée', '🥕 carrots', '\ud83e\udd55', '日本'])(
    'takes %j',
    (value) => {
      expect(hasControlChars(value)).toBe(false);
    },
  );
});
