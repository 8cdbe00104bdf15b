/** The steps of the sign-in flow, shared by the server flow and the form that renders them. */
export type SignInStep = 'email' | 'password' | 'code';

/** What the sign-in action answers for a step that does not redirect. */
export interface SignInStepData {
  step: SignInStep;
  email: string;
  goto: string;
  error?: string | null;
  notice?: string | null;
  /** Whether the form offers "Keep me signed in" (flag enableACIKMSI); offered unless the answer says not. */
  keepSignedInOffered?: boolean;
}
