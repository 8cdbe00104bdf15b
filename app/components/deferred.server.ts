/**
 * The server's copies of the components the browser loads on demand (components/Deferred.tsx):
 * imported from a `.server` module so that the browser bundles of the pages that import this file
 * do not carry them.
 */
export { ErrorMessage } from './ErrorMessage';
export { OfferDetailsView } from './OfferDetailsView';
export { OnboardingModal } from './OnboardingModal';
export { SignInModal } from './SignInModal';
