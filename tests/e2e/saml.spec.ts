import { createServer, type Server } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './support/test';
import { signInWithPassword } from './support/sign-in';
import {
  authnRequestXml,
  certificateFromMetadata,
  encodeRedirect,
  verifySamlResponse,
} from '../support/saml-service-provider';

/**
 * SAML sign-in for another company site (decision 0096): a stand-in service provider on another loopback port (the
 * one scripts/e2e-server.ts configures) sends the shopper to Pantry's sign-in page with a SAMLRequest; after a
 * password sign-in the browser posts the signed response to the provider's ACS, which verifies it with the
 * certificate from Pantry's metadata. With JavaScript the answer posts itself; without, the shopper presses Continue.
 */
const STOREFRONT_PORT = Number(process.env.E2E_PORT ?? 3100);
const JORDAN = 'jordan@pantry.test';
// One provider per project (scripts/e2e-server.ts configures both), so the two projects' workers never share a port;
// each project runs this file's tests in one worker, which owns its provider.
test.describe.configure({ mode: 'serial' });
let SP_ORIGIN = '';
let SP = { entityId: '', acs: '' };

/** The provider's own memory: the IDs of the requests it sent, each accepted once. */
const sentRequests = new Set<string>();
let provider: Server;
let certificatePem: string;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function escapeHtml(value: string) {
  return value.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

test.beforeAll(async ({ baseURL }, testInfo) => {
  SP_ORIGIN = `http://127.0.0.1:${STOREFRONT_PORT + (testInfo.project.name === 'nojs' ? 5 : 4)}`;
  SP = { entityId: `${SP_ORIGIN}/saml`, acs: `${SP_ORIGIN}/acs` };
  const metadata = await fetch(`${baseURL}/account/saml/metadata`);
  expect(metadata.status).toBe(200);
  certificatePem = certificateFromMetadata(await metadata.text());
  const idpEntityId = `${baseURL}/account/saml/metadata`;
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? '/', SP_ORIGIN);
    if (request.method === 'GET' && url.pathname === '/login') {
      const id = `_sp${Date.now()}${Math.random().toString(16).slice(2)}`;
      sentRequests.add(id);
      const signIn = new URL('/account/sign-in.html', baseURL);
      signIn.searchParams.set('SAMLRequest', encodeRedirect(authnRequestXml({ id, issuer: SP.entityId, acs: SP.acs })));
      signIn.searchParams.set('RelayState', 'recipes/42');
      response.writeHead(302, { Location: signIn.toString() }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/acs') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const samlResponse = form.get('SAMLResponse') ?? '';
        const inResponseTo =
          /InResponseTo="([^"]+)"/.exec(Buffer.from(samlResponse, 'base64').toString('utf8'))?.[1] ?? '';
        try {
          if (!sentRequests.delete(inResponseTo)) throw new Error('not a request this site sent');
          const verified = verifySamlResponse(samlResponse, {
            certificatePem,
            idpEntityId,
            audience: SP.entityId,
            acs: SP.acs,
            requestId: inResponseTo,
          });
          const body =
            `<p data-testid="name-id">${escapeHtml(verified.nameId)}</p>` +
            `<p data-testid="email">${escapeHtml(verified.email ?? '')}</p>` +
            `<p data-testid="relay-state">${escapeHtml(form.get('RelayState') ?? '')}</p>`;
          response
            .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
            .end(page('Signed in to Pantry Recipes', body));
        } catch (error) {
          response
            .writeHead(403, { 'Content-Type': 'text/html; charset=utf-8' })
            .end(page('Refused', `<p data-testid="refused">${escapeHtml(String(error))}</p>`));
        }
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => provider.listen(Number(new URL(SP_ORIGIN).port), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => provider?.close(resolve));
});

function jordanUuid(): string {
  const db = new Database(path.resolve('.cache/e2e-data/pantry.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT uuid FROM customers WHERE email = ?').get(JORDAN) as { uuid: string }).uuid;
  } finally {
    db.close();
  }
}

test('another company site signs the shopper in through Pantry and gets a response it verifies', async ({
  page,
}, testInfo) => {
  await page.goto(`${SP_ORIGIN}/login`);
  await expect(page).toHaveURL(/\/account\/sign-in\.html\?SAMLRequest=/);
  await expect(page.getByText('Sign in to continue to Pantry Recipes.')).toBeVisible();
  await signInWithPassword(page, JORDAN);
  if (testInfo.project.name === 'nojs') {
    // Without JavaScript the answer waits for the shopper's click.
    await expect(page.getByRole('heading', { name: 'Returning to Pantry Recipes' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to Pantry Recipes' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Signed in to Pantry Recipes' })).toBeVisible();
  expect(page.url()).toBe(SP.acs);
  await expect(page.getByTestId('name-id')).toHaveText(jordanUuid());
  await expect(page.getByTestId('email')).toHaveText(JORDAN);
  await expect(page.getByTestId('relay-state')).toHaveText('recipes/42');
});

test('a shopper already signed in at Pantry goes straight back to the site', async ({ page }, testInfo) => {
  await signInWithPassword(page, JORDAN);
  await expect(page.getByTestId('greeting')).toContainText('Hi, Jordan');
  if (testInfo.project.name === 'nojs') {
    await page.goto(`${SP_ORIGIN}/login`);
    await page.getByRole('button', { name: 'Continue to Pantry Recipes' }).click();
  } else {
    // Followed as a link would be: the answering page posts itself before page.goto could wait for it to hydrate.
    await page.evaluate((url) => window.location.assign(url), `${SP_ORIGIN}/login`);
  }
  await expect(page.getByRole('heading', { name: 'Signed in to Pantry Recipes' })).toBeVisible();
  await expect(page.getByTestId('name-id')).toHaveText(jordanUuid());
});

test('a SAMLRequest that cannot be read shows the sign-in page with a clear message', async ({ page }) => {
  const response = await page.goto('/account/sign-in.html?SAMLRequest=bm90LWRlZmxhdGU%3D');
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in link from another site could not be read. Go back to that site and try again.',
  );
  await expect(page.getByLabel('Email')).toBeVisible();
});
