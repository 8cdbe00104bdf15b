import { appEnvironment } from '~/modules/config/environment.server';
import { bannerDefinition } from '~/modules/banners/banner-catalog';
import { hostnameOf, parseHost } from '~/modules/banners/hosts';

/** Who the passkey is for: the banner host that served the page (docs/decisions/0014). */
export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** The banner origin the browser must report in clientDataJSON. */
  origin: string;
}

/**
 * The relying party of a request: its rpId is the request's own host name, and the expected origin
 * its own scheme, host and port. A passkey made on one banner host is therefore offered only there.
 */
export function relyingPartyFor(request: Request): RelyingParty {
  const url = new URL(request.url);
  const hostHeader = request.headers.get('Host') ?? url.host;
  const host = parseHost(hostHeader, appEnvironment());
  const banner = bannerDefinition(host.bannerId);
  return {
    rpId: hostnameOf(hostHeader),
    rpName: banner?.name ?? 'Pantry',
    origin: `${url.protocol}//${hostHeader}`,
  };
}
