/**
 * Paying with Paytrail in Chromium (docs/shop.md "Paytrail"): a product server of its own
 * with PAYMENT_PROVIDER=paytrail (on E2E_PORT + 1) and a fake Paytrail in this process
 * (127.0.0.1) that follows Paytrail's API and serves a hosted page. The checkout sends the
 * browser to Paytrail; paying brings it back with signed parameters to the receipt;
 * cancelling brings it back to the cancelled page with the cart kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { MERCHANT_ID, SECRET, startFakePaytrail, type FakePaytrail } from '../integration/support/fake-paytrail';
import { freePort } from '../integration/support/throwaway-postgres';
import { serverNodeArgs } from '../../scripts/build-server';
import { waitForHydration } from './support/page-helpers';
import { addFirstProduct, cartLink, fi, fillCustomerStep, openProducts } from './support/shop';
import { expectNoSeriousViolations } from './support/axe';

// A free port of its own, not E2E_PORT + 1: that may be another checkout's E2E_PORT when
// several suites run on one machine.
let port: number;
let siteUrl: string;

let fake: FakePaytrail;
let server: ChildProcess | undefined;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
// A function: the port is chosen in beforeAll, after this line runs.
// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
test.use({ locale: 'fi-FI', baseURL: async ({}, use) => use(siteUrl) });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await startFakePaytrail();
  port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'st1-e2e-paytrail-'));
  // A copy of the e2e server's database (seeded from content/ when the run started; SQLite's
  // online backup, consistent while that server writes): this server starts without
  // seeding its own, which took longer than the 60 s below at load average ~25.
  const shared = process.env.E2E_DATA_DIR;
  if (!shared) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const source = new Database(join(shared, 'origin.sqlite'), { readonly: true });
  try {
    await source.backup(join(dataDir, 'origin.sqlite'));
  } finally {
    source.close();
  }
  server = spawn(process.execPath, serverNodeArgs('main'), {
    env: {
      ...process.env,
      DIST_DIR: process.env.DIST_DIR ?? 'dist',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RENDER_CACHE_TTL_MS: '0',
      PAYMENT_PROVIDER: 'paytrail',
      PAYTRAIL_MERCHANT_ID: MERCHANT_ID,
      PAYTRAIL_SECRET: SECRET,
      PAYTRAIL_API_URL: fake.url,
      PAYTRAIL_SITE_URL: siteUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${siteUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('The Paytrail product server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('checkout → Paytrail → paid → receipt with wash codes, completed once', async ({ page }) => {
  test.setTimeout(90_000);
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PREMIUM');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();

  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/`));
  await page.getByRole('button', { name: 'Maksa', exact: true }).click();

  await expect(page).toHaveURL(/\/kassa\/vahvistus\?orderId=ORD-/);
  await expect(page.getByRole('heading', { name: fi('shop.confirmation.thanks') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi('shop.result.paid'));
  const codes = page.locator('.wash-codes code');
  await expect(codes).toHaveCount(1);
  await expect(codes.first()).toHaveText(/^ST1-\d{12}$/);
  await expectNoSeriousViolations(page, 'receipt after Paytrail');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');
  // Paytrail's callback completed the order; the return found it done.
  expect(fake.log).toContain('callback 200');

  const before = await codes.allTextContents();
  await page.reload();
  await expect(codes).toHaveText(before);
});

test('cancelling at Paytrail comes back cancelled and keeps the cart', async ({ page }) => {
  test.setTimeout(90_000);
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PREMIUM');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/`));
  await page.getByRole('button', { name: 'Peruuta maksu' }).click();

  await expect(page.getByRole('alert')).toContainText(fi('shop.confirmation.cancelled'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi('shop.result.cancelled'));
  await expectNoSeriousViolations(page, 'cancelled at Paytrail');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
});
