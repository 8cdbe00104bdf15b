import { Link, useLocation } from '@remix-run/react';
import { useState } from 'react';
import { useT } from '~/components/page-essentials';
import { Modal } from './Modal';

/** Spec section 4: the onboarding event cookie drives this modal once (the server has already deleted it). */
export function OnboardingModal({
  bannerName,
  firstName,
  firstTimeLogin,
}: {
  bannerName: string;
  firstName: string | null;
  firstTimeLogin: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const location = useLocation();
  if (!open) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <Modal labelledBy="onboarding-title" testId="onboarding-modal" onClose={() => setOpen(false)}>
      <h2 id="onboarding-title" className="text-2xl font-extrabold">
        {firstName
          ? t('Welcome to {{banner}}, {{firstName}}!', { banner: bannerName, firstName })
          : t('Welcome to {{banner}}!', { banner: bannerName })}
      </h2>
      <p className="mt-2 text-sm text-stone-600">
        {firstTimeLogin ? `${t('This is your first time signed in.')} ` : ''}
        {t('Three things to get the most from your account:')}
      </p>
      <ol className="mt-4 grid gap-3 text-sm">
        <li className="flex gap-3">
          <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand-dark">
            1
          </span>
          <span>
            <strong>{t('Choose how you shop')}</strong>
            {t(': delivery, DriveUp & Go pickup or in store, from the store chip at the top.')}
          </span>
        </li>
        <li className="flex gap-3">
          <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand-dark">
            2
          </span>
          <span>
            <strong>{t('Clip digital coupons')}</strong>
            {t(': they come off at checkout automatically.')}
          </span>
        </li>
        <li className="flex gap-3">
          <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-soft font-bold text-brand-dark">
            3
          </span>
          <span>
            <strong>{t('Earn rewards')}</strong> {t('with your club card on every order.')}
          </span>
        </li>
      </ol>
      <div className="mt-6">
        <Link
          to={here}
          replace
          className="btn-primary w-full py-3 text-base"
          onClick={(event) => {
            event.preventDefault();
            setOpen(false);
          }}
        >
          {t('Start shopping')}
        </Link>
      </div>
    </Modal>
  );
}
