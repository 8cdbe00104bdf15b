import { describe, expect, it } from 'vitest';
import { SCRIPT_ANSWER_FIELD, wantsScriptAnswer } from '~/modules/http/script-answer';

describe('wantsScriptAnswer', () => {
  it('is true only for the field a hydrated page posts', () => {
    expect(wantsScriptAnswer({ [SCRIPT_ANSWER_FIELD]: 'json' })).toBe(true);
    expect(wantsScriptAnswer({ intent: 'clip', offerId: '1' })).toBe(false);
  });

  it('ignores another value, and the field posted twice', () => {
    expect(wantsScriptAnswer({ [SCRIPT_ANSWER_FIELD]: 'html' })).toBe(false);
    expect(wantsScriptAnswer({ [SCRIPT_ANSWER_FIELD]: ['json', 'json'] })).toBe(false);
  });
});
