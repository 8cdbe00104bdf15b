import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, PUBLIC_PAGE, pageMeta, useT } from '~/components/page-essentials';
import { metaTranslator } from '~/components/meta-translator';
import { requireUserType } from '~/modules/access/shopper.server';
import { parseForm } from '~/modules/http/forms.server';
import { pageStrings, serverT } from '~/modules/i18n/translations.server';
import { acceptHandoff, describeHandoff } from '~/modules/stores/handoff.server';
import { ErrorAlert } from '~/components/Alerts';

export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

const HandoffForm = z.object({ token: z.string().min(1).max(2000) });

/** Where the chosen store serves the shopper, by how they shop (keys of the shop namespace). */
const WHERE = {
  Delivery: '{{store}} delivers to {{zip}}.',
  Dug: '{{store}} has DriveUp & Go pickup near {{zip}}.',
  J4U: '{{store}} is for in-store shopping near {{zip}}.',
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const token = new URL(request.url).searchParams.get('token');
  const handoff = await describeHandoff(shopper, token);
  return json(
    { handoff, token: handoff ? token : null, i18n: pageStrings(shopper.language, ['shop']) },
    { headers: shopper.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const shopper = await requireUserType(request, access);
  const form = await parseForm(request, HandoffForm);
  const outcome = form.ok
    ? await acceptHandoff(request, shopper, form.data.token)
    : { ok: false as const, message: form.message };
  if (!outcome.ok)
    return json(
      { error: serverT(shopper.language, 'shop')(outcome.message) },
      { status: 400, headers: shopper.headers },
    );
  const headers = new Headers(shopper.headers);
  for (const cookie of outcome.setCookies) headers.append('Set-Cookie', cookie);
  return redirect('/', { headers });
}

export const meta: MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return pageMeta(t('Continue to your store'), t('Continue shopping at the store you chose.'));
};

export default function StoreHandoffPage() {
  const { handoff, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT();
  if (!handoff || !token) {
    return (
      <div className="container-page max-w-xl py-16 text-center">
        <h1 className="text-2xl font-extrabold">{t('This link has expired')}</h1>
        <p className="mt-2 text-stone-600">{t('Choose your store again and we will take you there.')}</p>
        <Link to="/set-store.html" className="btn-primary mt-6">
          {t('Choose a store')}
        </Link>
      </div>
    );
  }
  return (
    <div className="container-page max-w-xl py-16">
      <div className="card p-6 text-center">
        <h1 className="text-2xl font-extrabold">{t('Welcome to {{banner}}', { banner: handoff.bannerName })}</h1>
        <p className="mt-2 text-stone-700">
          {t(WHERE[handoff.preference], { store: handoff.storeName, zip: handoff.zipcode })}{' '}
          {t('Your choice came with you from {{banner}}.', { banner: handoff.fromBannerName })}
        </p>
        {actionData?.error ? <ErrorAlert>{actionData.error}</ErrorAlert> : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary px-8 py-3 text-base">
            {t('Continue shopping')}
          </button>
        </Form>
      </div>
    </div>
  );
}
