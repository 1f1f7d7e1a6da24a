/**
 * The shop as the launch audit's customer saw it:
 * a saved cart the server refuses on load, a refused add, a signed-in customer's checkout
 * after a reload, the wash-code rule applied once, one customer-service number per
 * locale, the items listed in the checkout, and truthful titles for failed payments.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref, type Locale } from '#shared/locales';
import { SHOP_PATHS } from '#shared/shop/shop-paths';
import { featureText } from './support/accounts';
import { message, seedPage } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { addProduct, cartLink, core, fi, openProducts, productCard, shopMessage } from './support/shop';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

// Logins hash passwords with scrypt: on a busy 2-core machine an answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ locale: 'fi-FI' });

const VALIDATE = '**/proxy/digital-order/v1/cart/validate';
const refuseCart = (page: Page) =>
  page.route(VALIDATE, (route) =>
    route.fulfill({
      status: 422,
      json: { status: 422, code: 'UNKNOWN_PRODUCT', message: 'Unknown product code: WASH-BASIC' },
    }),
  );

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

test('a saved cart the server refuses on page load is emptied with the cartValidationFailed notice (item 9)', async ({
  page,
}) => {
  await openProducts(page);
  await addProduct(page, 'WASH-BASIC');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');

  // The product is withdrawn while the customer is away: the check on the next load refuses it.
  await refuseCart(page);
  await open(page, '/ostoskori');
  await expect(page.getByRole('status').getByText(core('messages.cartValidationFailed'))).toBeVisible();
  await expect(page.getByText(fi('shop.cart.empty'))).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');
});

test('an add the server refuses opens no modal and never raises the header count (item 27)', async ({ page }) => {
  await openProducts(page);
  // Record every count badge and open dialog the page ever shows, however briefly.
  await page.evaluate(() => {
    const seen = { maxCount: 0, dialogOpened: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      const badge = document.querySelector('[data-testid="cart-count"]');
      seen.maxCount = Math.max(seen.maxCount, Number(badge?.textContent ?? 0));
      if (document.querySelector('dialog[open]')) seen.dialogOpened = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await refuseCart(page);
  await addProduct(page, 'WASH-BASIC');
  // A refusal that names no product takes back just the add (docs/shop.md), with its notice.
  await expect(
    page.getByRole('status').getByText(core('messages.cartAddRefused', { product: 'Pikapesu' })),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');
  const seen = await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen);
  expect(seen).toEqual({ maxCount: 0, dialogOpened: false });
  // No success notice either: the add did not happen.
  await expect(page.getByRole('status').getByText(core('messages.addedToCart'))).toHaveCount(0);
});

test.describe('a signed-in customer (item 10)', () => {
  test.use({ locale: 'en-EU' });

  test('reloading the checkout keeps the account details, and the cart check on load sends the account e-mail', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const account = (id: string) => featureText('en-EU', 'account', id);
    await open(page, getHref('en-EU', ACCOUNT_PATHS.login['en-EU']));
    await page.getByLabel(account('account.field.email')).fill('matti.meikalainen@example.fi');
    await page.getByRole('textbox', { name: account('account.field.password'), exact: true }).fill('Demo-salasana-1');
    await page.getByRole('button', { name: account('account.login.submit') }).click();
    await expect(page.getByTestId('user-label')).toHaveText('Matti');

    await open(page, getHref('en-EU', SHOP_PATHS.products['en-EU']));
    await expect(productCard(page, 'WASH-BASIC').getByText('€9.90')).toBeVisible();
    await expect(page.getByRole('region', { name: message('en-EU', 'notifications.label') })).toBeAttached();
    await productCard(page, 'WASH-BASIC')
      .getByRole('button', { name: new RegExp(shopMessage('en-EU', 'shop.product.addToCart')) })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();

    const checkout = getHref('en-EU', SHOP_PATHS.checkout['en-EU']);
    await open(page, checkout);
    const email = page.getByRole('textbox', { name: shopMessage('en-EU', 'shop.checkout.email'), exact: true });
    await expect(email).toHaveValue('matti.meikalainen@example.fi');

    const checks: Array<Record<string, unknown>> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/cart/validate')) checks.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.reload();
    await waitForHydration(page);
    await expect(email).toHaveValue('matti.meikalainen@example.fi');
    await expect(page.getByLabel(shopMessage('en-EU', 'shop.checkout.emailConfirmation'))).toHaveValue(
      'matti.meikalainen@example.fi',
    );
    await expect(page.getByLabel(shopMessage('en-EU', 'shop.checkout.firstname'))).toHaveValue('Matti');
    await expect(page.getByLabel(shopMessage('en-EU', 'shop.checkout.lastname'))).toHaveValue('Meikäläinen');
    await expect.poll(() => checks.length).toBeGreaterThan(0);
    // The first check of the page already carries the account e-mail (spec §6).
    expect(checks[0]).toMatchObject({ customerEmail: 'matti.meikalainen@example.fi' });
  });
});

test('the wash-code check applies the spec §5 rule once (item 11)', async ({ page }) => {
  await openProducts(page);
  const input = page.getByLabel(fi('shop.washCode.label'));
  const check = page.getByRole('button', { name: fi('shop.washCode.check') });
  for (const [typed, shown] of [
    ['ABC', 'ST1-ABC'],
    ['ST1-ABC', 'ST1-ABC'],
    ['st1-1234 5678', 'ST1-12345678'],
  ] as const) {
    await input.fill(typed);
    await check.click();
    await expect(page.getByText(fi('shop.washCode.unknown', { code: shown }), { exact: true })).toBeVisible();
  }
});

/** A payment result the origin refuses (no such payment): the page shows the failure. */
const REFUSED_RESULT = new URLSearchParams({
  orderId: 'ORD-AAAAAAAAAAAA',
  paymentId: 'PAY-AAAAAAAAAAAA',
  status: 'declined',
  method: 'card:visa',
  timestamp: String(Date.now()),
  nonce: 'a'.repeat(32),
  signature: 'b'.repeat(64),
}).toString();

const CUSTOMER_SERVICE: Record<Locale, { phone: string; tel: string }> = {
  'fi-FI': { phone: '+358 800 131 131', tel: 'tel:+358800131131' },
  'en-EU': { phone: '+358 800 131 131', tel: 'tel:+358800131131' },
  'sv-SE': { phone: '+46 31 64 50 00', tel: 'tel:+4631645000' },
  'no-NO': { phone: '+47 22 96 60 00', tel: 'tel:+4722966000' },
};

const CONTACT_PATHS: Record<Locale, string> = {
  'fi-FI': '/yksityisille/ota-yhteytta/asiakaspalvelu',
  'en-EU': '/about-us/company-info/contact-us',
  'sv-SE': '/privat/kundservice',
  'no-NO': '/privat/kundeservice',
};

for (const locale of ['fi-FI', 'en-EU', 'sv-SE', 'no-NO'] as const) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`${locale}: one customer-service number on the contact page and the payment failure, as a tel: link (item 13); the failure is titled as one (item 14)`, async ({
      page,
    }) => {
      const { phone, tel } = CUSTOMER_SERVICE[locale];
      const contactPath = CONTACT_PATHS[locale];
      await open(page, getHref(locale, contactPath));
      await expect(page.locator('.contact-details').getByRole('link', { name: phone })).toHaveAttribute('href', tel);

      await open(page, `${getHref(locale, SHOP_PATHS.confirmation[locale])}?${REFUSED_RESULT}`);
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(shopMessage(locale, 'messages.paymentFailed', { phone }));
      await expect(alert.getByRole('link', { name: phone })).toHaveAttribute('href', tel);

      // Not "Order confirmation": the heading and the document title say the payment failed.
      const failed = shopMessage(locale, 'shop.result.failed');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(failed);
      await expect(page).toHaveTitle(new RegExp(`^${failed}`));
      const confirmation = shopMessage(locale, 'shop.result.paid');
      await expect(page.getByRole('heading', { name: confirmation })).toHaveCount(0);
      expect(await page.title()).not.toContain(confirmation);
      expect(await page.title()).not.toContain(seedPage(locale, SHOP_PATHS.confirmation[locale]).title);
      await expectNoSeriousViolations(page, `${locale} payment failed`);
    });
  });
}

test('the checkout lists what is being bought: names, quantities, prices and the total (item 14)', async ({ page }) => {
  await openProducts(page);
  await addProduct(page, 'WASH-PREMIUM');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await addProduct(page, 'WASH-BASIC');
  await addProduct(page, 'WASH-BASIC');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 3 tuotetta');
  await open(page, '/kassa');

  const summary = page.getByRole('region', { name: fi('shop.checkout.summary') });
  await expect(summary).toBeVisible();
  const lines = summary.getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Täyspesu');
  await expect(lines.nth(0)).toContainText('1 ×');
  await expect(lines.nth(0)).toContainText('19,90 €');
  await expect(lines.nth(1)).toContainText('Pikapesu');
  await expect(lines.nth(1)).toContainText('2 ×');
  await expect(lines.nth(1)).toContainText('19,80 €');
  // 19,90 + 2 × 9,90 = 39,70 €
  await expect(summary.getByTestId('cart-total')).toHaveText('39,70 €');
  await expectNoSeriousViolations(page, 'checkout with the order summary');
});
