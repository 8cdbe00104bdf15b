import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { pageAccess, PUBLIC_PAGE, pageMeta } from '~/components/page-essentials';
import { requireUserType } from '~/modules/access/shopper.server';
import { developmentPagesAllowed } from '~/modules/config/environment.server';
import { withHeaders } from '~/modules/http/api.server';
import { parseSearchParams } from '~/modules/http/forms.server';

/**
 * Outside production: a stand-in for an assistant's registered redirect URI, showing what the
 * assistant receives after an assistant sign-in (an authorization code and its own state).
 */
export const access = pageAccess({ allowedUserTypes: PUBLIC_PAGE, escapeSSO: true });
export const handle = { access };

const AssistantCallback = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
});

/** The document keeps the loader's no-store: what was just sent must never come from a page cache. */
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store',
});

export async function loader({ request }: LoaderFunctionArgs) {
  const shopper = await requireUserType(request, access);
  if (!developmentPagesAllowed(shopper.host.environment)) throw json({ message: 'No such page' }, { status: 404 });
  const query = parseSearchParams(request, AssistantCallback, shopper.language);
  return json(
    { linked: Boolean(query.code), state: query.state ?? null, error: query.error ?? null },
    { headers: withHeaders(shopper.headers, { 'Cache-Control': 'no-store' }) },
  );
}

export const meta: MetaFunction = () =>
  pageMeta('Assistant (development)', 'A sample linked assistant app for trying account linking locally.');

export default function AssistantPage() {
  const { linked, state, error } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-2xl font-extrabold">Assistant account linking</h1>
      <p className="text-sm text-stone-600">A development stand-in for an assistant's redirect URI.</p>
      <dl className="card mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5 text-sm">
        <dt className="text-stone-500">Result</dt>
        <dd data-testid="assistant-result">
          {linked ? 'Authorization code received' : error ? `Error: ${error}` : 'Nothing received'}
        </dd>
        <dt className="text-stone-500">State</dt>
        <dd data-testid="assistant-state">{state ?? '—'}</dd>
      </dl>
    </div>
  );
}
