import fc from 'fast-check';
import { isTrustedOrigin } from '~/modules/access/safe-redirect';

/** Pieces attackers combine into open-redirect payloads; the generator glues 1–6 of them together. */
const FRAGMENTS = [
  '',
  '/',
  '//',
  '///',
  '\\',
  '/\\',
  '\\/',
  '\\\\',
  '\t',
  '\n',
  '\r\n',
  ' ',
  '\u0000',
  '%00',
  '%09',
  '%0a',
  '%0d%0a',
  '%2f',
  '%2F',
  '%252f',
  '%25252f',
  '%5c',
  '%5C',
  '%255c',
  '.',
  '..',
  '/..',
  '/./',
  '%2e%2e',
  'javascript:',
  'JaVaScRiPt:',
  'java\tscript:',
  'javascript%3a',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:',
  'file:',
  'http:',
  'https:',
  'HTTP:',
  'http://',
  'https://',
  'hTtPs://',
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  'evil.example',
  'EVIL.example',
  'localhost',
  'localhost.evil.example',
  'evil.example.localhost',
  'evil.example\u3002com',
  'evil%E3%80%82com',
  'evil\uff0ecom',
  '[::1]',
  '[::ffff:7f00:1]',
  '127.0.0.1',
  '0x7f.1',
  'a@b',
  'user:pass@',
  '@evil.example',
  'localhost@evil.example',
  'evil.example#@localhost',
  'evil.example?@localhost',
  ':80',
  ':@',
  '?next=//evil.example',
  '#frag',
  '/account/overview.html',
  '/shop/cart.html?x=1',
  'ü',
  '\u202e',
  '\ud83d\ude00',
];

export const redirectTarget: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => `/${s}`) },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
);

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_LOCATION = /[\u0000-\u0020\u007f\\]/;

/**
 * Whether a browser following `location` (relative to `origin`) stays on this origin or goes to a
 * trusted origin (scheme, host and port), over http(s), without userinfo. Parsed with the WHATWG URL parser browsers use.
 */
export function followsSafely(location: string, origin: string, trustedOrigins: readonly string[]): boolean {
  if (UNSAFE_IN_LOCATION.test(location)) return false;
  let url: URL;
  try {
    url = new URL(location, origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(origin).origin) return true;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return isTrustedOrigin(url, trustedOrigins);
}
