import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a client may take, and how many connections one client may hold (decision 0063). Node's own
 * defaults (60 s for the headers, 300 s for a whole request) let a client that sends its body a byte at a
 * time hold a connection and its memory for minutes; a shopper's request arrives in well under a second.
 */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (Node answers 408 and closes). */
  requestTimeoutMs: number;
  /** Open connections one client address may hold at once; more are answered 503 and closed. */
  connectionsPerClient: number;
  /** Addresses never limited: the load balancer in front of the cluster speaks for many shoppers. */
  exempt: readonly string[];
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  connectionsPerClient: 128,
  exempt: [],
};

const numberFrom = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** The limits from the environment (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, CLIENT_CONNECTION_LIMIT, TRUSTED_PROXIES). */
export function connectionLimitsFrom(env: Record<string, string | undefined>): ConnectionLimits {
  return {
    headersTimeoutMs: numberFrom(env.HEADERS_TIMEOUT_MS, DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
    requestTimeoutMs: numberFrom(env.REQUEST_TIMEOUT_MS, DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
    connectionsPerClient: numberFrom(env.CLIENT_CONNECTION_LIMIT, DEFAULT_CONNECTION_LIMITS.connectionsPerClient),
    exempt: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
  };
}

const TOO_MANY_TEXT = 'Too many connections. Please try again soon.';
const TOO_MANY =
  'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TOO_MANY_TEXT)}\r\nConnection: close\r\n\r\n${TOO_MANY_TEXT}`;

const addressOf = (socket: Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:/, '');

/** Applies the limits to a server: its timeouts, and a count of open connections per client address. */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits) {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    if (limits.exempt.includes(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerClient) {
      socket.end(TOO_MANY);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
