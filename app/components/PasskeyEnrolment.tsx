import { Link, useRevalidator } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated, useT } from '~/components/page-essentials';
import type { ServiceCallContext } from '~/modules/http/service-call';
import { enrolPasskey } from '~/modules/passkeys/enrolment-flow';
import { browserFlowDeps, passkeysSupported } from '~/modules/passkeys/passkey-browser';
import { ErrorAlert, StatusNotice } from './Alerts';

const NO_JS_MESSAGE =
  'Adding a passkey needs JavaScript, which is turned off in this browser. You can keep signing in with your password, and change it below.';

/**
 * "Add a passkey": the spec's enrolment flow in the browser. Without JavaScript (or WebAuthn) a
 * passkey cannot be made, so the server-rendered text says so and points to the password instead.
 */
export function PasskeyEnrolment({
  uuid,
  recent,
  confirmHref,
  service,
}: {
  uuid: string;
  recent: boolean;
  confirmHref: string;
  /** The banner and subscription key the factor calls carry. */
  service: ServiceCallContext;
}) {
  const hydrated = useHydrated();
  const t = useT();
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; confirm?: boolean } | null>(null);

  if (!hydrated)
    return (
      <p className="mt-3 text-sm text-stone-700" data-testid="passkey-needs-js">
        {t(NO_JS_MESSAGE)}
      </p>
    );
  if (!passkeysSupported()) {
    return (
      <p className="mt-3 text-sm text-stone-700">
        {t("This browser can't create passkeys. You can keep signing in with your password.")}
      </p>
    );
  }
  if (!recent) {
    return (
      <p className="mt-3 text-sm">
        <Link to={confirmHref} className="btn-outline inline-block">
          {t('Confirm your password to add a passkey')}
        </Link>
      </p>
    );
  }

  async function add() {
    setBusy(true);
    setOutcome(null);
    const result = await enrolPasskey(await browserFlowDeps(service), uuid, name.trim() || undefined);
    setBusy(false);
    if (result.error) {
      setOutcome({
        ok: false,
        message: result.details.message,
        confirm: result.details.cause === 'ELEVATION_REQUIRED',
      });
      return;
    }
    setName('');
    setOutcome({
      ok: true,
      message: t('Passkey “{{name}}” added. You can use it to sign in.', { name: result.factor.name }),
    });
    revalidator.revalidate();
  }

  return (
    <div className="mt-3">
      {outcome ? (
        outcome.ok ? (
          <StatusNotice>{outcome.message}</StatusNotice>
        ) : (
          <ErrorAlert>
            {t(outcome.message)}.{' '}
            {outcome.confirm ? (
              <Link to={confirmHref} className="underline">
                {t('Confirm your password')}
              </Link>
            ) : (
              t('Please try again.')
            )}
          </ErrorAlert>
        )
      ) : null}
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="grow text-sm font-semibold" htmlFor="passkey-name">
          {t('Name (optional)')}
          <input
            id="passkey-name"
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('e.g. My phone')}
            className="mt-1 block w-full rounded-xl border border-stone-300 px-3 py-2 text-base font-normal"
          />
        </label>
        <button type="button" className="btn-primary" onClick={() => void add()} disabled={busy}>
          {busy ? t('Waiting for your device…') : t('Add a passkey')}
        </button>
      </div>
    </div>
  );
}
