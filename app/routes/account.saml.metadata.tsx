import type { LoaderFunctionArgs } from '@remix-run/node';
import { SIGN_IN_PATH } from '~/components/page-essentials';
import { apiRoute } from '~/modules/http/api.server';
import { originOf } from '~/modules/http/request-origin';
import { identityProviderMetadata } from '~/modules/saml/metadata.server';
import { idpEntityId } from '~/modules/saml/saml-sign-on.server';

/** Pantry's SAML identity provider metadata, for a service provider's configuration (decision 0096). */
async function loaderHandler({ request }: LoaderFunctionArgs) {
  const origin = originOf(request);
  const xml = await identityProviderMetadata({ entityId: idpEntityId(origin), signInUrl: `${origin}${SIGN_IN_PATH}` });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/samlmetadata+xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

export const loader = apiRoute(loaderHandler);
