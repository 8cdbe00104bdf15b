/** The onboarding events a cookie may carry (spec section 4): read by the server, shown by the onboarding modal. */
export const ONBOARDING_EVENTS = ['account-created', 'first-receipt'] as const;
export type OnboardingEvent = (typeof ONBOARDING_EVENTS)[number];
