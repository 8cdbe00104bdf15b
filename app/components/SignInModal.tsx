import { Link, useFetcher, useNavigate } from '@remix-run/react';
import type { SignInStepData } from '~/modules/identity/sign-in-step';
import { useT } from '~/components/page-essentials';
import { Modal } from './Modal';
import { SignInForm } from './SignInForm';

/**
 * Spec section 2: the sign-in modal with password and one-time-passcode steps, opened over the
 * current page by the `ml` link parameter. With JavaScript the steps run in a fetcher; without it
 * each step posts to the sign-in page, which continues as a full page.
 */
export function SignInModal({ goto }: { goto: string }) {
  const fetcher = useFetcher<SignInStepData>({ key: 'sign-in-modal' });
  const navigate = useNavigate();
  const t = useT();
  // An answer without a step is a refusal (a call that timed out): start again at the email step, saying why.
  const answer: Partial<SignInStepData> & { message?: string } = fetcher.data ?? {};
  const state = answer.step
    ? (answer as SignInStepData)
    : { step: 'email' as const, email: '', goto, error: answer.message };
  return (
    <Modal labelledBy="sign-in-modal-title" testId="sign-in-modal" onClose={() => navigate(goto, { replace: true })}>
      <div className="flex items-start justify-between gap-4">
        <h2 id="sign-in-modal-title" className="text-2xl font-extrabold">
          {t('Sign in')}
        </h2>
        <Link
          to={goto}
          replace
          className="rounded-full px-2 text-2xl leading-none text-stone-500 hover:text-stone-900"
          aria-label={t('Close sign-in')}
        >
          ×
        </Link>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t('Clip deals, save your cart and check out faster.')}</p>
      <SignInForm
        FormComponent={fetcher.Form}
        state={{ ...state, goto }}
        busy={fetcher.state !== 'idle'}
        idPrefix="sign-in-modal"
        autoFocusEmail
      />
    </Modal>
  );
}
