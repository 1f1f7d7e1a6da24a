/**
 * The login form when an account is locked by failed logins (docs/accounts.md
 * "Rate limits"): it says plainly how many minutes to wait, in all four locales, and the
 * unlock link mailed to the owner lets them in at once with the right password.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { hashPassword } from '../../server/origin/auth/secrets';
import { openDatabase } from '../../server/origin/db';
import { createCustomersRepository } from '../../server/origin/accounts/customers-repository';
import { LOGIN_FAILURE_LIMIT } from '../../server/origin/accounts/login-failures-repository';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref, type Locale } from '#shared/locales';
import { featureText, latestMail, tokenFrom, uniqueEmail } from './support/accounts';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

// Logins hash passwords with scrypt: on a busy 2-core machine an answer can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

const loginHref = (locale: Locale) => getHref(locale, ACCOUNT_PATHS.login[locale]);
const text = (locale: Locale, id: string, values?: Record<string, number>) =>
  featureText(locale, 'account', id, values);

async function logIn(page: Page, locale: Locale, email: string, password: string) {
  await page.getByLabel(text(locale, 'account.field.email')).fill(email);
  await page.getByRole('textbox', { name: text(locale, 'account.field.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: text(locale, 'account.login.submit') }).click();
}

/**
 * A confirmed account with its failed logins already at the limit, written straight into
 * the server's database (E2E_DATA_DIR): ten logins through the site would spend the shared
 * per-address allowance of the other specs.
 */
async function lockedAccount(email: string, password: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const db = openDatabase({ dataDir });
  try {
    await createCustomersRepository(db).insert({
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Lotta',
      lastName: 'Lukittu',
      phoneNumber: '',
      marketing: [],
      locale: 'en-EU',
      emailConfirmed: true,
    });
    await db
      .insertInto('login_failures')
      .values({ email, failures: LOGIN_FAILURE_LIMIT.max, window_started_at: new Date().toISOString() })
      .execute();
  } finally {
    await db.destroy();
  }
}

test('a locked account: the form says how long to wait, and the mailed link lets the owner in', async ({ page }) => {
  const locale = 'en-EU';
  const email = uniqueEmail('locked');
  const password = 'Locked-password-1';
  await lockedAccount(email, password);

  await page.goto(loginHref(locale));
  await waitForHydration(page);
  await logIn(page, locale, email, password);
  // The window began just now: 15 minutes to wait, rounded up.
  await expect(page.getByRole('alert')).toHaveText(text(locale, 'account.errors.login-locked', { minutes: 15 }));
  await expectNoSeriousViolations(page, 'login locked');

  const mail = await latestMail(email, '/account/login?token=');
  expect(mail.subject).toBe('Logins to your St1 account are paused');
  await page.goto(`${loginHref(locale)}?token=${tokenFrom(mail.body)}`);
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: text(locale, 'account.login.unlock-notice') })).toBeVisible();
  await expectNoSeriousViolations(page, 'login from the unlock link');
  await logIn(page, locale, email, password);
  await expect(page.getByTestId('user-label')).toHaveText('Lotta');
});

for (const locale of ['fi-FI', 'sv-SE', 'no-NO', 'en-EU'] as const) {
  test(`${locale}: the wait is shown in minutes, for the account lock and for the per-address limit`, async ({
    page,
  }) => {
    let answer = { retryAfter: 601, reason: 'account-locked' as string | undefined };
    // The server's answers are tested in tests/integration/login-lockout.test.ts; here only
    // the form's words for them, so the 429 is played back without locking anything.
    await page.route('**/api/v1/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': String(answer.retryAfter), 'cache-control': 'no-store' },
        contentType: 'application/json',
        json: {
          status: 429,
          code: 'TOO_MANY_REQUESTS',
          message: `Too many attempts, try again in ${answer.retryAfter} s`,
          ...(answer.reason ? { reason: answer.reason } : {}),
        },
      }),
    );
    await page.goto(loginHref(locale));
    await waitForHydration(page);
    await logIn(page, locale, 'someone@example.fi', 'Some-password-1');
    await expect(page.getByRole('alert')).toHaveText(text(locale, 'account.errors.login-locked', { minutes: 11 }));
    answer = { retryAfter: 30, reason: undefined };
    await page.getByRole('button', { name: text(locale, 'account.login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text(locale, 'account.errors.too-many-wait', { minutes: 1 }));
  });
}
