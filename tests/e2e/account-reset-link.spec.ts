/**
 * The reset page checks its link when it opens (docs/accounts.md): a used link says so at
 * once, with a way to ask for a new one, and shows no password fields; a usable link shows
 * the form, which says how long to wait after too many attempts, as the login form does.
 * Keyboard only, axe on each state.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref } from '#shared/locales';
import { featureText, insertResetToken } from './support/accounts';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const locale = 'en-EU' as const;
const text = (id: string, values?: Record<string, string | number>) => featureText(locale, 'account', id, values);
const resetPage = (token: string) => `${getHref(locale, ACCOUNT_PATHS.resetPassword[locale])}?token=${token}`;
const CUSTOMER = 'anna.andersson@example.se';

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('a used reset link says so when the page opens, without the password form', async ({ page }) => {
  await open(page, resetPage(insertResetToken(CUSTOMER, 'used')));
  await expect(page.getByRole('alert')).toContainText(text('account.errors.invalid-token'));
  await expect(page.getByRole('heading', { name: text('account.reset.title') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('account.field.new-password'), exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'dead reset link');
  // The way on is reachable by keyboard.
  const askAgain = page.getByRole('link', { name: text('account.reset.ask-again') });
  for (let step = 0; step < 40 && !(await askAgain.evaluate((link) => link === document.activeElement)); step += 1)
    await page.keyboard.press('Tab');
  await expect(askAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${getHref(locale, ACCOUNT_PATHS.forgotPassword[locale])}$`));
});

test('a usable link shows the form; too many attempts say how long to wait', async ({ page }) => {
  await open(page, resetPage(insertResetToken(CUSTOMER, 'usable')));
  const password = page.getByRole('textbox', { name: text('account.field.new-password'), exact: true });
  await expect(password).toBeVisible();
  await expectNoSeriousViolations(page, 'usable reset link');

  // The per-address limit itself is covered by tests/integration/reset-link-check.test.ts;
  // here the form's words for its 429 (Retry-After: 600 s), without spending the limit.
  await page.route('**/api/v1/account/reset-password', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '600' },
      contentType: 'application/json',
      body: '{"status":429,"code":"TOO_MANY_REQUESTS","message":"Too many attempts, try again in 10 minutes"}',
    }),
  );
  await password.focus();
  await page.keyboard.type('A-new-password-123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('A-new-password-123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(text('account.errors.too-many-wait', { minutes: 10 }));
  await expect(password).toHaveValue('A-new-password-123');
  await expectNoSeriousViolations(page, 'reset form, too many attempts');
});
