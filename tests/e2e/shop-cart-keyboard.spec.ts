/**
 * The cart page by keyboard only: every action that takes away the control it was pressed
 * on leaves the focus somewhere that makes sense (WCAG 2.4.3). The focus used to fall to
 * the page: "−" stepping to 1 (the button was disabled under it), a removed line, a taken or
 * declined upsell offer, a discount code sent (its field was replaced by "in use" while it
 * was checked, and a refused code came back in a new field) and a code removed; on the
 * checkout, "Go to payment" that failed (the button was disabled while it worked). And the
 * "added" notice, fixed over the bottom of a phone's window, never hides what Tab focuses.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { addFirstProduct, addProduct, cartLink, core, fi, fillCustomerStep, openProducts } from './support/shop';
import { expectNoSeriousViolations } from './support/axe';

/** Focuses a control and presses Enter on it, as a keyboard user does. */
async function press(page: Page, control: ReturnType<Page['locator']>): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

const line = (page: Page, code: string) => page.locator(`.shop-line[data-code="${code}"]`);
const lineName = (page: Page, code: string) => line(page, code).locator('.shop-line__name');

for (const width of [390, 1280]) {
  test(`${width} px: the cart keeps the keyboard focus through stepping, upsells, removals and discount codes`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    await openProducts(page);
    await addProduct(page, 'WASH-BASIC');
    await expect(page.getByRole('dialog', { name: fi('shop.firstInCart.title') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await addProduct(page, 'WASH-PREMIUM');
    await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 2 tuotetta');
    await addProduct(page, 'WASH-PREMIUM');
    await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 3 tuotetta');

    await page.goto('/ostoskori');
    await waitForHydration(page);
    const premium = line(page, 'WASH-PREMIUM');
    await expect(premium.locator('.shop-line__count')).toHaveText('2');

    // "−" down to 1: it stops there but keeps the focus.
    const minus = premium.getByRole('button', { name: fi('shop.cart.decrease', { name: 'Täyspesu' }) });
    await press(page, minus);
    await expect(premium.locator('.shop-line__count')).toHaveText('1');
    await expect(minus).toBeDisabled();
    await expect(minus).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(premium.locator('.shop-line__count')).toHaveText('1');

    // Declining an offer: the focus goes to its line.
    await press(page, line(page, 'WASH-BASIC').getByRole('button', { name: fi('shop.upsell.decline') }));
    await expect(lineName(page, 'WASH-BASIC')).toBeFocused();

    // Taking an offer: the focus goes to the series that replaced the line.
    await press(page, premium.getByRole('button', { name: new RegExp(fi('shop.upsell.accept')) }));
    await expect(lineName(page, 'WASH-PREMIUM-5')).toBeFocused();

    // Removing a line: the focus goes to the next one.
    await press(page, line(page, 'WASH-BASIC').getByRole('button', { name: new RegExp(fi('shop.cart.remove')) }));
    await expect(line(page, 'WASH-BASIC')).toHaveCount(0);
    await expect(lineName(page, 'WASH-PREMIUM-5')).toBeFocused();

    // A refused code: the field keeps the focus, with the reason; never "in use" meanwhile.
    const field = page.getByLabel(fi('shop.discount.label'));
    await field.focus();
    await page.keyboard.type('TALVI2025');
    await page.keyboard.press('Enter');
    await expect(field).toHaveAccessibleDescription(fi('shop.discount.DISCOUNT_EXPIRED'));
    await expect(field).toBeFocused();
    await expect(page.getByText(fi('shop.discount.applied', { code: 'TALVI2025' }))).toHaveCount(0);

    // A code taken: the focus goes to the line that says so; removing it, back to the field.
    // Typed in any case and spacing, it is shown in the code's own form once taken.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('kevat 10');
    await page.keyboard.press('Enter');
    const applied = page.getByText(fi('shop.discount.applied', { code: 'KEVAT10' }));
    await expect(applied).toBeFocused();
    await expectNoSeriousViolations(page, 'cart with a discount code, focus on it');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: fi('shop.discount.remove') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(fi('shop.discount.label'))).toBeFocused();

    // The last line removed: the focus goes to the text saying the cart is empty.
    await press(page, line(page, 'WASH-PREMIUM-5').getByRole('button', { name: new RegExp(fi('shop.cart.remove')) }));
    await expect(page.getByText(fi('shop.cart.empty'))).toBeFocused();
    await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');
  });
}

test('"Go to payment" keeps the focus when the payment cannot start, and says why', async ({ page }) => {
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PREMIUM');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.route('**/proxy/digital-order/v1/orders/initialize', (route) =>
    route.fulfill({
      status: 502,
      json: { status: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'The payment service did not answer' },
    }),
  );
  const pay = page.getByRole('button', { name: fi('shop.checkout.pay') });
  await press(page, pay);
  await expect(page.getByRole('alert').filter({ hasText: fi('shop.checkout.providerUnavailable') })).toBeVisible();
  await expect(pay).toBeFocused();
});

test('390 px: the "added" notice never hides the control that Tab moves to', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProducts(page);
  await addFirstProduct(page, 'WASH-BASIC');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  const first = page.locator('[data-product] button').first();
  await press(page, first);
  const notice = page.getByRole('status').getByText(core('messages.addedToCart'));
  await expect(notice).toBeVisible();
  // Each control Tab reaches down the page: the notice is not what lies over its centre.
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const rect = focused.getBoundingClientRect();
      const over = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return over !== null && !focused.contains(over) && over.closest('.notifications') !== null
        ? (focused.textContent ?? focused.tagName)
        : null;
    });
    expect(hidden).toBeNull();
  }
});
