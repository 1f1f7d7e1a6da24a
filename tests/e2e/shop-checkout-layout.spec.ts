/**
 * The checkout's layout at 1280 and 390 px. At 1280 the country select beside the phone
 * number was stretched to the height of the number and its hint (68 px) and sat lower than
 * the field it belongs to; the order summary's totals ended 3.5rem left of the line prices
 * above them (the cart page's 30rem totals inside the summary's 36rem box).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { addProduct, core, fi, openProducts } from './support/shop';

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not laid out');
  return rect;
}

async function openCheckout(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await openProducts(page);
  await addProduct(page, 'WASH-PREMIUM');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: core('modal.close') })
    .click();
  await page.goto('/kassa');
  await waitForHydration(page);
}

for (const width of [1280, 390]) {
  test.describe(`${width} px`, () => {
    test('the country select and the phone number are one row of equal controls', async ({ page }) => {
      await openCheckout(page, width);
      const select = await box(page.getByLabel(fi('shop.checkout.telephonePrefix')));
      const phone = await box(page.getByLabel(fi('shop.checkout.telephoneNumber')));
      expect(Math.abs(select.height - phone.height)).toBeLessThanOrEqual(1);
      // Side by side from 768 px on (form.css), stacked below.
      if (width >= 768) expect(Math.abs(select.y - phone.y)).toBeLessThanOrEqual(1);
    });

    test("the order summary's totals end where its line prices end", async ({ page }) => {
      await openCheckout(page, width);
      const summary = page.getByRole('region', { name: fi('shop.checkout.summary') });
      const linePrice = await box(summary.locator('.order-summary__total').first());
      const total = await box(summary.getByTestId('cart-total'));
      expect(Math.abs(linePrice.x + linePrice.width - (total.x + total.width))).toBeLessThanOrEqual(1);
    });
  });
}
