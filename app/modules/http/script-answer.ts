/**
 * Which caller an enhanced form's action answers. Remix marks its own fetches with `?_data=`, but strips that
 * parameter before the action sees the request, so an action cannot tell a script from a plain form post by
 * its URL. The enhanced forms say so themselves: once the page is hydrated they post this field too, and the
 * action answers them with JSON; a form posted without JavaScript never carries it and is redirected back.
 */
export const SCRIPT_ANSWER_FIELD = 'answer';
export const SCRIPT_ANSWER_VALUE = 'json';

/** True when the posted form came from a hydrated page that reads the action's JSON answer. */
export function wantsScriptAnswer(values: Record<string, string | string[] | undefined>): boolean {
  return values[SCRIPT_ANSWER_FIELD] === SCRIPT_ANSWER_VALUE;
}
