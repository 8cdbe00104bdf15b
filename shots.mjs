import { chromium } from '@playwright/test';
const base = 'http://localhost:3700', idp = 'http://localhost:3701';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
for (const [width, js] of [[375, true], [1280, false]]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js, baseURL: base });
  const page = await ctx.newPage();
  const tag = `${width}-${js ? 'js' : 'nojs'}`;
  // sign in as Jordan
  const r = await ctx.request.post('/account/sign-in.html', { form: { intent: 'password', email: 'jordan@pantry.test', password: 'Pantry-demo-2026', goto: '/' } });
  console.log('signin', r.status());
  await page.goto('/account/linked-apps.html'); await page.screenshot({ path: `/tmp/shots/linked-apps-${tag}.png`, fullPage: true });
  // logout started by another site
  await page.goto(`${idp}/oauth2/v1/logout?client_id=pantry-storefront`, { referer: 'http://evil.example/' });
  await page.screenshot({ path: `/tmp/shots/logout-cross-${tag}.png`, fullPage: true });
  // account switch: storefront sign-in URL of sam, opened in Jordan's browser
  const other = await browser.newContext();
  const a = await other.request.post(`${base}/account/sign-in.html`, { form: { intent: 'password', email: 'bartholomew@pantry.test', password: 'Pantry-demo-2026', goto: '/' }, maxRedirects: 0 });
  await page.goto(a.headers()['location']);
  await page.screenshot({ path: `/tmp/shots/switch-${tag}.png`, fullPage: true });
  await other.close();
  await page.goto('/account/signed-out?state=other-account'); await page.screenshot({ path: `/tmp/shots/signed-out-${tag}.png`, fullPage: true });
  // consent for the assistant
  await page.goto('/dev/assistant'); await page.screenshot({ path: `/tmp/shots/assistant-${tag}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
