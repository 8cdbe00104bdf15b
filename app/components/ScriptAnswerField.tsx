import { useHydrated } from 'remix-utils/use-hydrated';
import { SCRIPT_ANSWER_FIELD, SCRIPT_ANSWER_VALUE } from '~/modules/http/script-answer';

/**
 * Inside a fetcher form: asks the action for its JSON answer instead of a redirect. Rendered only once the page
 * is hydrated, so the same form posted without JavaScript keeps its redirect back.
 */
export function ScriptAnswerField() {
  return useHydrated() ? <input type="hidden" name={SCRIPT_ANSWER_FIELD} value={SCRIPT_ANSWER_VALUE} /> : null;
}
