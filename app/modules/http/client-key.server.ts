import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { isIP } from 'is-ip';
import { appEnv } from '~/modules/config/env.server';

/**
 * Per-client rate limits key on the address of the connection, never on a header the client writes
 * (X-Forwarded-For alone is anyone's to forge). Remix hands actions a Fetch Request without the
 * socket, so every Node HTTP server in this process (remix-serve included) stamps the peer address on
 * each incoming request, overwriting any header of that name the client sent. See decision 0022.
 */
export const PEER_HEADER = 'x-pantry-peer-address';

let stamping = false;
subscribe('http.server.request.start', (message) => {
  const { request, socket } = message as { request: IncomingMessage; socket: Socket };
  stamping = true;
  request.headers[PEER_HEADER] = socket.remoteAddress ?? '';
});

function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address: the peer, unless the peer is a trusted proxy (TRUSTED_PROXIES, e.g. the
 * cluster's haproxy), in which case the right-most X-Forwarded-For entry no trusted proxy added.
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedProxies: readonly string[],
): string | null {
  if (!peer) return null;
  let address = normalize(peer);
  if (!isIP(address)) return null;
  const hops = (forwardedFor ?? '').split(',').map(normalize).filter(Boolean);
  while (trustedProxies.includes(address) && hops.length > 0) {
    const next = hops.pop()!;
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}

export function trustedProxies(): string[] {
  return appEnv().TRUSTED_PROXIES ?? [];
}

/**
 * Who is asking, for per-client rate limits: the connection's address (through trusted proxies), else
 * the signed visitor cookie. 'unknown-client' only when neither exists, which a Node server never
 * produces (the stamp is always there); it is logged by the callers' limits like any other key.
 */
export function clientKey(request: Request, visitorId?: string | null): string {
  const peer = stamping ? request.headers.get(PEER_HEADER) : null;
  const address = clientAddress(peer, request.headers.get('X-Forwarded-For'), trustedProxies());
  if (address) return address;
  return visitorId ? `visitor:${visitorId}` : 'unknown-client';
}
