/** The account's refer-a-friend card (flag referralProgramEnabled): the code, a share link and what it earned. */
export function ReferAFriend({
  referral,
}: {
  referral: { code: string; link: string; points: number; friendsJoined: number; pointsEarned: number };
}) {
  const points = referral.points.toLocaleString('en-US');
  const mail = `mailto:?${new URLSearchParams({
    subject: 'Groceries delivered: join me',
    body: `Use my referral code ${referral.code} when you create your account and we each get ${points} points at your first order: ${referral.link}`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;
  return (
    <section className="card mt-4 p-5" aria-labelledby="refer-heading" data-testid="refer-a-friend">
      <h2 id="refer-heading" className="font-bold">
        Refer a friend
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Give a friend your code. When they place their first order, you each get {points} points.
      </p>
      <p className="mt-3 text-sm">
        Your code:{' '}
        <strong className="font-mono text-lg tracking-wider" data-testid="referral-code">
          {referral.code}
        </strong>
      </p>
      <label className="mt-3 block text-sm font-semibold" htmlFor="referral-link">
        Share link
        <input
          id="referral-link"
          readOnly
          value={referral.link}
          className="mt-1 block w-full rounded-xl border border-stone-300 bg-stone-50 px-3 py-2 font-mono text-sm font-normal"
        />
      </label>
      <p className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <a href={mail} className="btn-outline">
          Share by email
        </a>
        <span data-testid="referral-summary" className="text-stone-600">
          {referral.friendsJoined === 0
            ? 'No friends have joined with your code yet.'
            : `${referral.friendsJoined} ${referral.friendsJoined === 1 ? 'friend has' : 'friends have'} joined · ${referral.pointsEarned.toLocaleString('en-US')} points earned`}
        </span>
      </p>
    </section>
  );
}
