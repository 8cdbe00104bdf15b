import { useLanguage, useT } from '~/components/page-essentials';
import { INTL_LOCALE } from '~/modules/i18n/languages';

/** The account's refer-a-friend card (flag referralProgramEnabled): the code, a share link and what it earned. */
export function ReferAFriend({
  referral,
}: {
  referral: { code: string; link: string; points: number; friendsJoined: number; pointsEarned: number };
}) {
  const t = useT();
  const locale = INTL_LOCALE[useLanguage()];
  const points = referral.points.toLocaleString(locale);
  const mail = `mailto:?${new URLSearchParams({
    subject: t('Groceries delivered: join me'),
    body: t(
      'Use my referral code {{code}} when you create your account and we each get {{points}} points at your first order: {{link}}',
      { code: referral.code, points, link: referral.link },
    ),
  })
    .toString()
    .replace(/\+/g, '%20')}`;
  return (
    <section className="card mt-4 p-5" aria-labelledby="refer-heading" data-testid="refer-a-friend">
      <h2 id="refer-heading" className="font-bold">
        {t('Refer a friend')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {t('Give a friend your code. When they place their first order, you each get {{points}} points.', { points })}
      </p>
      <p className="mt-3 text-sm">
        {t('Your code:')}{' '}
        <strong className="font-mono text-lg tracking-wider" data-testid="referral-code">
          {referral.code}
        </strong>
      </p>
      <label className="mt-3 block text-sm font-semibold" htmlFor="referral-link">
        {t('Share link')}
        <input
          id="referral-link"
          readOnly
          value={referral.link}
          className="mt-1 block w-full rounded-xl border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm font-normal"
        />
      </label>
      <p className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <a href={mail} className="btn-outline">
          {t('Share by email')}
        </a>
        <span data-testid="referral-summary" className="text-stone-600">
          {referral.friendsJoined === 0
            ? t('No friends have joined with your code yet.')
            : `${t('{{count}} friends have joined', { count: referral.friendsJoined })} · ${t(
                '{{points}} points earned',
                {
                  points: referral.pointsEarned.toLocaleString(locale),
                },
              )}`}
        </span>
      </p>
    </section>
  );
}
