/**
 * A price inside a sentence stays on one line at 390 px: the upsell offer of the 5-wash
 * series ("… hintaan 119,90 €") put '€' alone on the next line (a breakable space).
 */
import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/page-helpers';
import { addProduct, cartLink, fi, openProducts } from './support/shop';

test.use({ viewport: { width: 390, height: 844 } });

test("390 px: the upsell offer's price is not broken over two lines", async ({ page }) => {
  await openProducts(page);
  await addProduct(page, 'WASH-PLUS-5');
  await expect(cartLink(page)).toHaveAccessibleName('Ostoskori, 1 tuote');
  await page.goto('/ostoskori');
  await waitForHydration(page);
  const offer = page.locator('.shop-upsell p');
  await expect(offer).toHaveText(
    fi('shop.upsell.offer', { name: 'Perusteellinen pesu, 10 pesun sarja', price: '119,90 €' }),
  );
  // The lines the price's characters are laid out on.
  const lines = await offer.evaluate((paragraph) => {
    const text = paragraph.firstChild!;
    const start = text.textContent!.indexOf('119,90');
    const range = document.createRange();
    range.setStart(text, start);
    range.setEnd(text, text.textContent!.length);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
      .size;
  });
  expect(lines).toBe(1);
});
