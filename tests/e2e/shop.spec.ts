/**
 * The web shop in Chromium (docs/shop.md): product → cart → checkout → payment test
 * gateway → receipt with ST1- codes, the decline, cancel and bank paths, at 390 and
 * 1280 px, every page checked with axe.
 */
import { expect, test } from '@playwright/test';
import { featureText } from './support/accounts';
import { waitForHydration } from './support/page-helpers';
import {
  addFirstProduct,
  addProduct,
  cartLink,
  core,
  fi,
  fillCustomerStep,
  openProducts,
  productCard,
} from './support/shop';
import { expectNoSeriousViolations } from './support/axe';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

test.use({ locale: 'fi-FI' });

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('product → cart → checkout → card approved → receipt with wash codes', async ({ page }) => {
      // Seven pages and dialogs, each scanned by axe, on a shared 2-core machine.
      test.setTimeout(120_000);
      await openProducts(page);
      await expectNoSeriousViolations(page, 'car-wash page');

      // The first add opens firstInCart.
      await addProduct(page, 'WASH-PREMIUM');
      const modal = page.getByRole('dialog', { name: fi('shop.firstInCart.title') });
      await expect(modal).toBeVisible();
      await expectNoSeriousViolations(page, 'firstInCart modal');
      await modal.getByRole('button', { name: core('modal.close') }).click();
      await expect(modal).toBeHidden();

      // A second add shows the notice instead.
      await addProduct(page, 'WASH-BASIC');
      await expect(page.getByRole('status').getByText(core('messages.addedToCart'))).toBeVisible();
      await expect(modal).toBeHidden();
      await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 2 tuotetta');

      await cartLink(page).click();
      await expect(page).toHaveURL(/\/ostoskori$/);
      await expect(
        page.locator('.shop-line').getByRole('heading', { level: 3, name: 'Täyspesu', exact: true }),
      ).toBeVisible();
      // 19,90 + 9,90 = 29,80 €; VAT 25.5 % included.
      await expect(page.getByTestId('cart-total')).toHaveText('29,80 €');
      await expect(
        page.getByText(fi('shop.upsell.offer', { name: 'Täyspesu, 5 pesun sarja', price: '89,90 €' })),
      ).toBeVisible();
      await expectNoSeriousViolations(page, 'cart page');

      await page.getByRole('link', { name: fi('shop.cart.toCheckout') }).click();
      await expect(page.getByRole('heading', { name: new RegExp(fi('shop.checkout.step1')) })).toBeVisible();
      // Step 1 refuses an empty form and says why.
      await page.getByRole('button', { name: fi('shop.checkout.continue') }).click();
      await expect(page.getByRole('textbox', { name: fi('shop.checkout.email'), exact: true })).toBeFocused();
      // The rule messages live in the forms catalog (docs/accounts.md).
      await expect(page.getByText(featureText('fi-FI', 'forms', 'validation.required')).first()).toBeVisible();
      await expectNoSeriousViolations(page, 'checkout step 1 with errors');
      await fillCustomerStep(page);
      await expectNoSeriousViolations(page, 'checkout step 2');

      await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();
      await expect(page).toHaveURL(/\/payment-gateway\/pay\/PAY-/);
      await expectNoSeriousViolations(page, 'payment gateway');
      await page.getByRole('radio', { name: 'Visa •••• 4242' }).check();
      await page.getByRole('button', { name: 'Hyväksy maksu' }).click();

      await expect(page).toHaveURL(/\/kassa\/vahvistus\?orderId=ORD-/);
      await expect(page.getByRole('heading', { name: fi('shop.confirmation.thanks') })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi('shop.result.paid'));
      await expect(page).toHaveTitle(`${fi('shop.result.paid')} | St1`);
      const codes = page.locator('.wash-codes code');
      await expect(codes).toHaveCount(2);
      for (const code of await codes.allTextContents()) expect(code).toMatch(/^ST1-\d{12}$/);
      await expectNoSeriousViolations(page, 'receipt');
      // The paid order empties the cart.
      await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, tyhjä');

      // Reloading shows the same receipt: the order is not completed twice.
      const before = await codes.allTextContents();
      await page.reload();
      await expect(page.getByRole('heading', { name: fi('shop.confirmation.thanks') })).toBeVisible();
      await expect(codes).toHaveText(before);
    });
  });
}

test('a declined card payment shows the failure text with the phone number and keeps the cart', async ({ page }) => {
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PLUS-5');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();
  await page.getByRole('button', { name: 'Hylkää maksu' }).click();
  await expect(page).toHaveURL(/status=declined/);
  await expect(page.getByRole('alert')).toContainText(fi('messages.paymentFailed', { phone: '+358 800 131 131' }));
  // Titled as what happened, not "Tilausvahvistus" (a failed payment is no confirmation).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi('shop.result.failed'));
  await expect(page).toHaveTitle(`${fi('shop.result.failed')} | St1`);
  await expectNoSeriousViolations(page, 'payment failed');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
  // The customer can try again: the saved details are there.
  await page.getByRole('link', { name: fi('shop.confirmation.tryAgain') }).click();
  await expect(page.getByLabel(fi('shop.checkout.firstname'))).toHaveValue('Maija');
});

test('a cancelled payment says so and keeps the cart', async ({ page }) => {
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PREMIUM');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();
  await page.getByRole('button', { name: 'Peruuta' }).click();
  await expect(page.getByRole('alert')).toContainText(fi('shop.confirmation.cancelled'));
  await expect(page.getByRole('alert')).toContainText(fi('shop.confirmation.cancelledLead'));
  // Cancelled is not failed (issue 30 #14).
  await expect(page.getByRole('alert')).not.toContainText(fi('shop.result.failed'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fi('shop.result.cancelled'));
  await expect(page).toHaveTitle(`${fi('shop.result.cancelled')} | St1`);
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
});

test('a bank payment completes too', async ({ page }) => {
  await openProducts(page);
  await addFirstProduct(page, 'WASH-PREMIUM-10');
  await page.goto('/kassa');
  await waitForHydration(page);
  await fillCustomerStep(page);
  await page.getByRole('radio', { name: fi('shop.checkout.method.bank') }).check();
  await page.getByLabel(fi('shop.checkout.bank'), { exact: true }).selectOption('op');
  await page.getByRole('button', { name: fi('shop.checkout.pay') }).click();
  await expect(page.getByRole('radio', { name: 'OP' })).toBeChecked();
  await page.getByRole('button', { name: 'Hyväksy maksu' }).click();
  await expect(page.getByRole('heading', { name: fi('shop.confirmation.thanks') })).toBeVisible();
  await expect(page.locator('.wash-codes code')).toHaveCount(10);
});

test('the wash code check says unknown for a code never issued', async ({ page }) => {
  await openProducts(page);
  await page.getByLabel(fi('shop.washCode.label')).fill('1234 5678');
  await page.getByRole('button', { name: fi('shop.washCode.check') }).click();
  await expect(page.getByText(fi('shop.washCode.unknown', { code: 'ST1-12345678' }))).toBeVisible();
  await expect(productCard(page, 'WASH-BASIC')).toBeVisible();
});
