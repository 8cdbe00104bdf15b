import { describe, expect, it } from 'vitest';
import { isValidHostHeader, requestLineProblem } from '~/modules/http/request-line';

const line = (method: string, target: string, host: string | undefined = 'localhost:3000', httpVersion = '1.1') => ({
  method,
  target,
  host,
  httpVersion,
});

describe('request lines the storefront refuses before routing', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'sunridge.localhost:3000',
    'shop.pantry.example',
    '127.0.0.1:8080',
    '[::1]:3000',
  ])('takes the Host header %s', (host) => {
    expect(isValidHostHeader(host)).toBe(true);
    expect(requestLineProblem(line('GET', '/', host))).toBeNull();
  });

  it.each([
    'localhost:abc',
    'localhost:99999',
    'localhost:0',
    'localhost:3000:3000',
    '',
    ' ',
    'evil.example/x',
    'user@localhost',
    'a..b',
    '-x.example',
  ])('answers 400 for the Host header %j', (host) => {
    expect(requestLineProblem(line('GET', '/', host))).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('answers 400 for an HTTP/1.1 request without a Host, and takes an HTTP/1.0 one', () => {
    const noHost = { method: 'GET', target: '/', host: undefined };
    expect(requestLineProblem({ ...noHost, httpVersion: '1.1' })?.status).toBe(400);
    expect(requestLineProblem({ ...noHost, httpVersion: '1.0' })).toBeNull();
  });

  it.each(['http://evil.example/', 'https://localhost:3000/', '*', '//evil.example/', 'x'])(
    'answers 400 for the request target %s (only origin-form paths name a page)',
    (target) => {
      expect(requestLineProblem(line('GET', target))?.status).toBe(400);
    },
  );

  it.each(['TRACE', 'TRACK', 'CONNECT'])('refuses %s with 405 and the methods it serves', (method) => {
    expect(requestLineProblem(line(method, '/'))).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
      message: `We do not accept ${method} requests.`,
      allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    });
  });

  it.each(['PROPFIND', 'MKCOL', 'PURGE'])('answers 501 for the method %s it does not implement', (method) => {
    expect(requestLineProblem(line(method, '/'))?.status).toBe(501);
  });

  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('routes a %s request', (method) => {
    expect(requestLineProblem(line(method, '/shop/cart?x=1'))).toBeNull();
  });
});
