/**
 * The cart keeps everything: across reloads, tabs and browser contexts on the same
 * storage, while offline, and when the network fails (docs/shop.md).
 */
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { addFirstProduct, addProduct, cartLink, core, fi, openProducts } from './support/shop';

test.use({ locale: 'fi-FI' });

test('the cart survives a reload, shows in a second tab and in a new context on the same storage', async ({
  page,
  context,
  browser,
}) => {
  await openProducts(page);
  await addProduct(page, 'WASH-PREMIUM');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await addProduct(page, 'WASH-PREMIUM');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 2 tuotetta');

  // A second tab already open on the cart page follows the first.
  const second = await context.newPage();
  await second.goto('/ostoskori');
  await waitForHydration(second);
  await expect(second.locator('.shop-line__count')).toHaveText('2');
  await addProduct(page, 'WASH-BASIC');
  await expect(second.locator('[data-code="WASH-BASIC"]')).toBeVisible();
  await expect(cartLink(second)).toHaveAccessibleName('Ostoskori, 3 tuotetta');

  await page.reload();
  await waitForHydration(page);
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 3 tuotetta');

  // A browser restart: a new context from the saved storage, IndexedDB included.
  const state = await context.storageState({ indexedDB: true });
  const restarted = await browser.newContext({ storageState: state, locale: 'fi-FI' });
  const fresh = await restarted.newPage();
  await fresh.goto('/ostoskori');
  await waitForHydration(fresh);
  await expect(fresh.locator('[data-code="WASH-PREMIUM"] .shop-line__count')).toHaveText('2');
  await expect(fresh.getByTestId('cart-total')).toHaveText('49,70 €');
  await restarted.close();
});

test('an add while offline is kept and checked once online', async ({ page, context }) => {
  // The cart page is open in another tab; with no network a navigation would fail.
  const cartTab = await context.newPage();
  await cartTab.goto('/ostoskori');
  await waitForHydration(cartTab);
  await expect(cartTab.getByText(fi('shop.cart.empty'))).toBeVisible();
  await openProducts(page);
  await context.setOffline(true);
  await addProduct(page, 'WASH-PLUS-5');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
  await expect(cartTab.locator('[data-code="WASH-PLUS-5"]')).toBeVisible();
  await expect(cartTab.getByText(fi('shop.cart.offline'))).toBeVisible();
  await context.setOffline(false);
  await expect(cartTab.getByText(fi('shop.cart.offline'))).toBeHidden();
  await expect(cartTab.getByTestId('cart-total')).toHaveText('67,90 €');
  await expect(cartTab.locator('[data-code="WASH-PLUS-5"] .shop-line__name')).toHaveText(
    'Perusteellinen pesu, 5 pesun sarja',
  );
});

test('a network error loses nothing: the cart is kept and checked on the next load', async ({ page }) => {
  await openProducts(page);
  await addProduct(page, 'WASH-BASIC');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await page.route('**/proxy/digital-order/v1/cart/validate', (route) => route.abort('connectionreset'));
  await addProduct(page, 'WASH-PREMIUM-10');
  // One message for the add that got no answer (not "added" and "update failed" together).
  await expect(page.getByRole('status').getByText(core('messages.addedWillBeChecked'))).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 2 tuotetta');
  await page.unroute('**/proxy/digital-order/v1/cart/validate');
  await page.goto('/ostoskori');
  await waitForHydration(page);
  await expect(page.getByTestId('cart-total')).toHaveText('169,80 €');
  await expect(page.locator('[data-code="WASH-PREMIUM-10"]')).toBeVisible();
});

// A refusal that names no product: the add is taken back, and the check of the rest is
// refused too, which empties the cart (docs/shop.md "Refusals"; a named product drops only
// its line: shop-offline-first.spec.ts).
test('a cart the server rejects without naming a product is emptied with the cartValidationFailed notice', async ({
  page,
}) => {
  await openProducts(page);
  await addProduct(page, 'WASH-BASIC');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await page.route('**/proxy/digital-order/v1/cart/validate', (route) =>
    route.fulfill({
      status: 422,
      json: { status: 422, code: 'UNKNOWN_PRODUCT', message: 'Unknown product code: WASH-BASIC' },
    }),
  );
  await addProduct(page, 'WASH-BASIC');
  await expect(page.getByRole('status').getByText(core('messages.cartValidationFailed'))).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');
});

test('offline, the payment step says that payment needs the network and keeps what was entered', async ({
  page,
  context,
}) => {
  await openProducts(page);
  await addFirstProduct(page, 'WASH-BASIC');
  await page.goto('/kassa');
  await waitForHydration(page);
  const email = 'maija.meikalainen@example.com';
  await page.getByRole('textbox', { name: fi('shop.checkout.email'), exact: true }).fill(email);
  await page.getByLabel(fi('shop.checkout.emailConfirmation')).fill(email);
  await page.getByLabel(fi('shop.checkout.firstname')).fill('Maija');
  await page.getByLabel(fi('shop.checkout.lastname')).fill('Meikäläinen');
  await page.getByLabel(fi('shop.checkout.telephoneNumber')).fill('040 123 4567');
  await page.getByRole('button', { name: fi('shop.checkout.continue') }).click();
  await expect(page.getByRole('heading', { name: new RegExp(fi('shop.checkout.step2')) })).toBeVisible();
  await page.getByRole('radio', { name: fi('shop.checkout.method.bank') }).check();
  await page.getByLabel(fi('shop.checkout.bank'), { exact: true }).selectOption('op');

  await context.setOffline(true);
  const notice = page.getByText(fi('shop.offline.paymentNeedsNetwork'));
  const pay = page.getByRole('button', { name: fi('shop.checkout.pay') });
  await expect(notice).toBeVisible();
  await expect(pay).toBeDisabled();
  await expect(page.getByRole('radio', { name: fi('shop.checkout.method.bank') })).toBeChecked();
  await expect(page.getByLabel(fi('shop.checkout.bank'), { exact: true })).toHaveValue('op');

  // Back on step 1, everything typed is still there.
  await page.getByRole('button', { name: fi('shop.checkout.back') }).click();
  await expect(page.getByRole('textbox', { name: fi('shop.checkout.email'), exact: true })).toHaveValue(email);
  await expect(page.getByLabel(fi('shop.checkout.emailConfirmation'))).toHaveValue(email);
  await expect(page.getByLabel(fi('shop.checkout.firstname'))).toHaveValue('Maija');
  await expect(page.getByLabel(fi('shop.checkout.lastname'))).toHaveValue('Meikäläinen');
  // The number as typed or in its national form without the trunk 0 (spec §5 phone parsing).
  await expect(page.getByLabel(fi('shop.checkout.telephoneNumber'))).toHaveValue(/^0?40 ?123 ?4567$/);

  // On to the payment step again, still offline: the choice is kept; back online, payment can start.
  await page.getByRole('button', { name: fi('shop.checkout.continue') }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByLabel(fi('shop.checkout.bank'), { exact: true })).toHaveValue('op');
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(pay).toBeEnabled();
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
});
