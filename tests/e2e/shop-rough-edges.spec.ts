/**
 * The shop without rough edges, in Chromium with axe: the checkout marks what is required
 * and asks for the phone only for text messages; a refused discount code is told at its
 * field and stays there to be corrected; "+" says why it stops at the per-product limit
 * and stays where it was pressed while the cart is checked; an add that gets no answer says
 * one thing.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { addProduct, core, fi, openProducts } from './support/shop';
import { expectNoSeriousViolations } from './support/axe';

async function cartWithOneProduct(page: Page): Promise<void> {
  await openProducts(page);
  await addProduct(page, 'WASH-PREMIUM');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
}

test('the checkout marks required fields and needs the phone only for text messages', async ({ page }) => {
  await cartWithOneProduct(page);
  await page.goto('/kassa');
  await waitForHydration(page);
  await expect(page.getByText(fi('shop.checkout.requiredNote'))).toBeVisible();
  const email = page.getByRole('textbox', { name: fi('shop.checkout.email'), exact: true });
  await expect(email).toHaveAttribute('required', '');
  await expect(page.locator('label', { hasText: fi('shop.checkout.email') }).first()).toContainText('*');
  await expect(email).toHaveAccessibleDescription(fi('shop.checkout.hint.email'));
  const phone = page.getByLabel(fi('shop.checkout.telephoneNumber'));
  await expect(phone).not.toHaveAttribute('required', '');
  await expect(phone).toHaveAccessibleDescription(fi('shop.checkout.hint.phoneOptional'));
  await expectNoSeriousViolations(page, 'checkout step 1');

  // Text messages wanted: now the phone is required, and says why.
  await page.getByLabel(fi('shop.checkout.sendSms')).check();
  await expect(phone).toHaveAttribute('required', '');
  await expect(phone).toHaveAccessibleDescription(fi('shop.checkout.hint.phoneNeeded'));
  await page.getByRole('textbox', { name: fi('shop.checkout.email'), exact: true }).fill('ilman.puhelinta@example.com');
  await page.getByLabel(fi('shop.checkout.emailConfirmation')).fill('ilman.puhelinta@example.com');
  await page.getByLabel(fi('shop.checkout.firstname')).fill('Ilma');
  await page.getByLabel(fi('shop.checkout.lastname')).fill('Puhelin');
  await page.getByRole('button', { name: fi('shop.checkout.continue') }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();

  // No text messages: the order goes on without a phone.
  await page.getByLabel(fi('shop.checkout.sendSms')).uncheck();
  await page.getByRole('button', { name: fi('shop.checkout.continue') }).click();
  await expect(page.getByRole('heading', { name: new RegExp(fi('shop.checkout.step2')) })).toBeVisible();
  await expectNoSeriousViolations(page, 'checkout step 2');
});

test('a refused discount code is told at its field and stays there to be corrected', async ({ page }) => {
  await cartWithOneProduct(page);
  await page.goto('/ostoskori');
  await waitForHydration(page);
  const field = page.getByLabel(fi('shop.discount.label'));
  await field.fill('EIOLEOLEMASSA');
  await page.getByRole('button', { name: fi('shop.discount.apply') }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(fi('shop.discount.DISCOUNT_UNKNOWN'));
  await expect(field).toHaveValue('EIOLEOLEMASSA');
  // Not also a notice that covers the field.
  await expect(page.getByRole('status').getByText(fi('shop.discount.DISCOUNT_UNKNOWN'))).toHaveCount(0);
  await expectNoSeriousViolations(page, 'refused discount code');
  // Correcting the code clears the message.
  await field.fill('EIOLEOLEMASS');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('"+" says why it stops at the per-product limit', async ({ page }) => {
  await cartWithOneProduct(page);
  await page.goto('/ostoskori');
  await waitForHydration(page);
  const line = page.locator('[data-code="WASH-PREMIUM"]');
  const plus = line.getByRole('button', { name: new RegExp(fi('shop.cart.increase', { name: '.*' })) });
  for (let amount = 1; amount < 50; amount += 1) await plus.click();
  await expect(line.locator('.shop-line__count')).toHaveText('50');
  await expect(plus).toBeDisabled();
  await expect(line.getByText(fi('shop.cart.maxAmount', { max: 50 }))).toBeVisible();
  await expect(plus).toHaveAccessibleDescription(fi('shop.cart.maxAmount', { max: 50 }));
  await expectNoSeriousViolations(page, 'cart at the limit');
});

test('a check under way moves nothing: "+" stays where it was pressed', async ({ page }) => {
  await cartWithOneProduct(page);
  await page.goto('/ostoskori');
  await waitForHydration(page);
  const status = page.locator('.shop-cart__status');
  const line = page.locator('[data-code="WASH-PREMIUM"]');
  const plus = line.getByRole('button', { name: new RegExp(fi('shop.cart.increase', { name: '.*' })) });
  await expect(status).toBeEmpty();
  const before = await plus.boundingBox();
  // The next check's answer waits until the button has been measured while it is out.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/proxy/digital-order/v1/cart/validate', async (route) => {
    await answered;
    await route.continue();
  });
  await plus.click();
  await expect(status).toHaveText(fi('shop.cart.updating'));
  expect(await plus.boundingBox(), 'while the check is under way').toEqual(before);
  answer();
  await expect(status).toBeEmpty();
  await expect(line.locator('.shop-line__count')).toHaveText('2');
  expect(await plus.boundingBox(), 'after the answer').toEqual(before);
});

test('an add that gets no answer says one thing: added, to be checked', async ({ page }) => {
  await cartWithOneProduct(page);
  await page.route('**/proxy/digital-order/v1/cart/validate', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"status":503,"code":"UNAVAILABLE","message":"x"}',
    }),
  );
  await addProduct(page, 'WASH-BASIC');
  const notices = page.getByRole('region', { name: core('notifications.label') });
  await expect(notices.getByText(core('messages.addedWillBeChecked'))).toBeVisible();
  await expect(notices.getByText(core('messages.addedToCart'))).toHaveCount(0);
  await expect(notices.getByText(core('messages.cartUpdateFailed'))).toHaveCount(0);
});
