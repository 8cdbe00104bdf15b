import { useHydrated } from 'remix-utils/use-hydrated';

/**
 * Inside a fetcher form: asks the action for its JSON answer instead of a redirect. Rendered only once the page
 * is hydrated, so the same form posted without JavaScript keeps its redirect back. The field is
 * SCRIPT_ANSWER_FIELD=SCRIPT_ANSWER_VALUE of ~/modules/http/script-answer, written out: every page loads this.
 */
export function ScriptAnswerField() {
  return useHydrated() ? <input type="hidden" name="answer" value="json" /> : null;
}
