/**
 * Customer accounts in Chromium, at 390 and 1280 px, each screen checked with
 * axe: register → confirm through the outbox token → log in → the first name in the
 * header → edit details → cards and orders → log out; a guest sent to login and back;
 * forgot and reset password; login offline keeps what was typed; a guest's cart stays
 * when they log in.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNT_PATHS } from '#shared/account-paths';
import { getHref } from '#shared/locales';
import { featureText, latestMail, tokenFrom, uniqueEmail } from './support/accounts';
import { message } from './support/content';
import { waitForHydration } from './support/page-helpers';
import { productCard, shopMessage } from './support/shop';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

// Logins, registrations and resets hash passwords with scrypt (docs/accounts.md): on a busy
// 2-core machine an answer can take seconds, more than the default 5 s wait allows.
const expect = baseExpect.configure({ timeout: 15_000 });

const locale = 'en-EU' as const;
const href = (page: keyof typeof ACCOUNT_PATHS) => getHref(locale, ACCOUNT_PATHS[page][locale]);
const text = (id: string, values?: Record<string, string | number>) => featureText(locale, 'account', id, values);
const PASSWORD = 'E2e-password-123';
// Whole flows with an axe scan per screen: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel(text('account.field.email')).fill(email);
  await page.getByRole('textbox', { name: text('account.field.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: text('account.login.submit') }).click();
}

async function register(page: Page, email: string, firstName: string) {
  await open(page, href('register'));
  await expectNoSeriousViolations(page, 'register');
  await page.getByLabel(text('account.field.firstname')).fill(firstName);
  await page.getByLabel(text('account.field.lastname')).fill('Testinen');
  await page.getByRole('textbox', { name: text('account.field.email'), exact: true }).fill(email);
  await page.getByLabel(text('account.field.email-confirmation')).fill(email);
  await page.getByLabel(featureText(locale, 'forms', 'forms.field.phone')).fill('040 123 4567');
  await page.getByRole('textbox', { name: text('account.field.new-password'), exact: true }).fill(PASSWORD);
  await page.getByLabel(text('account.field.password-confirmation')).fill(PASSWORD);
  await page.getByRole('checkbox', { name: new RegExp(text('account.register.terms')) }).check();
  await page.getByRole('button', { name: text('account.register.submit') }).click();
  await expect(page.getByRole('heading', { name: text('account.register.sent-title') })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    // On the phone the code is typed (the mail read on another device); on the desktop the link is opened.
    const confirmBy = viewport.width === 390 ? 'the six-digit code' : 'the e-mailed link';
    test(`register, confirm by ${confirmBy}, log in, edit details, see cards and orders, log out`, async ({ page }) => {
      const email = uniqueEmail(`reg${viewport.width}`);
      await register(page, email, 'Ella');

      const mail = await latestMail(email);
      expect(mail.subject).toBe('Confirm your email address');
      const link = new URL(/http\S+/.exec(mail.body)![0]);
      expect(link.pathname).toBe(href('confirmEmail'));
      if (viewport.width === 390) {
        const code = /: (\d{6})$/m.exec(mail.body)![1]!;
        await open(page, href('confirmEmail'));
        await expectNoSeriousViolations(page, 'confirm by code');
        await page.getByRole('textbox', { name: text('account.field.email'), exact: true }).fill(email);
        await page.getByRole('textbox', { name: text('account.field.code'), exact: true }).fill(code);
        await page.getByRole('button', { name: text('account.confirm.submit') }).click();
      } else {
        await open(page, `${link.pathname}${link.search}`);
      }
      await expect(page.getByRole('heading', { name: text('account.confirm.done-title') })).toBeVisible();
      await expectNoSeriousViolations(page, 'confirmed');

      // The page's own link (the header has a "Log in" link too).
      await page
        .getByRole('main')
        .getByRole('link', { name: text('account.confirm.login') })
        .click();
      await expect(page).toHaveURL(new RegExp(`${href('login')}$`));
      await expectNoSeriousViolations(page, 'login');
      await logIn(page, email, PASSWORD);
      await expect(page.getByRole('heading', { name: text('account.hub.greeting', { name: 'Ella' }) })).toBeVisible();
      await expect(page.getByTestId('user-label')).toHaveText('Ella');
      await expectNoSeriousViolations(page, 'hub');

      await page.getByRole('link', { name: new RegExp(text('account.nav.myPages')) }).click();
      await expect(page.getByRole('heading', { level: 2, name: text('account.details.title') })).toBeVisible();
      await expect(page.getByText('+358 401234567')).toBeVisible();
      await expectNoSeriousViolations(page, 'my details');
      await page.getByRole('button', { name: text('account.details.edit') }).click();
      const firstName = page.getByLabel(text('account.field.firstname'));
      await firstName.fill('');
      await page.getByRole('button', { name: text('account.details.save') }).click();
      await expect(page.getByText(featureText(locale, 'forms', 'validation.required'))).toBeVisible();
      await expect(firstName).toBeFocused();
      await expectNoSeriousViolations(page, 'details with an error');
      await firstName.fill('Elina');
      // A Swedish number typed with the Finnish prefix still chosen: the checkout takes it,
      // so My details does too, as a Swedish number (one phone rule).
      await page.getByLabel(featureText(locale, 'forms', 'forms.field.phone')).fill('+46 70 123 45 67');
      await page.getByRole('button', { name: text('account.details.save') }).click();
      await expect(page.getByText(text('account.details.saved'))).toBeVisible();
      await expect(page.getByTestId('user-label')).toHaveText('Elina');
      await expect(page.getByText('+46 701234567')).toBeVisible();

      await page.getByRole('link', { name: text('account.back-to-hub') }).click();
      await page.getByRole('link', { name: new RegExp(text('account.nav.cards')) }).click();
      await expect(page.getByText(text('account.cards.none'))).toBeVisible();
      await page.goBack();
      await page.getByRole('link', { name: new RegExp(text('account.nav.orders')) }).click();
      await expect(page.getByText(text('account.orders.none'))).toBeVisible();

      await page.getByRole('link', { name: text('account.back-to-hub') }).click();
      await page.getByRole('button', { name: text('account.logout') }).click();
      await expect(page).toHaveURL(new RegExp(`${href('login')}$`));
      await expect(page.getByTestId('user-label')).toHaveText(featureText(locale, 'messages', 'header.login'));
      // The session is gone on the server too: a page that needs it sends to login again.
      await open(page, href('myPages'));
      await expect(page).toHaveURL(new RegExp(`${href('login')}\\?returnTo=`));
    });

    test('a guest is sent to login and comes back to the page after logging in', async ({ page }) => {
      await open(page, href('cards'));
      await expect(page).toHaveURL(
        `${href('login')}?returnTo=${encodeURIComponent(href('cards').replace('/en-EU', ''))}`,
      );
      await logIn(page, 'anna.andersson@example.se', 'Demo-losenord-2');
      await expect(page).toHaveURL(new RegExp(`${href('cards')}$`));
      await expect(page.getByText('•••• •••• •••• 9034')).toBeVisible();
      await expect(page.getByText(text('account.cards.status.blocked'))).toBeVisible();
      await expectNoSeriousViolations(page, 'cards');
      await page.getByRole('link', { name: text('account.back-to-hub') }).click();
      await page.getByRole('link', { name: new RegExp(text('account.nav.orders')) }).click();
      await expect(page.getByRole('heading', { name: text('account.orders.wash-codes') })).toBeVisible();
      await expect(page.locator('.account-order__codes code')).toHaveCount(1);
      await expectNoSeriousViolations(page, 'orders');
    });
  });
}

test("a guest's cart stays when they log in (spec §4)", async ({ page }) => {
  const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  const oneItem = message(locale, 'header.cartWithCount', { count: 1 }).replace(/.*one \{([^}]*)\}.*/, '$1');
  expect(oneItem).toBe('Cart, 1 item');

  // As a guest: put a product in the cart from the car-wash page.
  await open(page, getHref(locale, '/private/products/car-wash'));
  await expect(productCard(page, 'WASH-BASIC').getByText('€9.90')).toBeVisible();
  await expect(page.getByRole('region', { name: message(locale, 'notifications.label') })).toBeAttached();
  await productCard(page, 'WASH-BASIC')
    .getByRole('button', { name: new RegExp(shopMessage(locale, 'shop.product.addToCart')) })
    .click();
  const modal = page.getByRole('dialog', { name: shopMessage(locale, 'shop.firstInCart.title') });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: message(locale, 'modal.close') }).click();
  await expect(cartLink).toHaveAccessibleName(oneItem);

  // Log in: the header greets the customer and still counts the guest's product.
  await page.getByTestId('user-label').click();
  await expect(page).toHaveURL(new RegExp(`${href('login')}`));
  await waitForHydration(page);
  await logIn(page, 'anna.andersson@example.se', 'Demo-losenord-2');
  await expect(page.getByTestId('user-label')).toHaveText('Anna');
  await expect(cartLink).toHaveAccessibleName(oneItem);

  // And after a reload, on the cart page itself.
  await page.goto(getHref(locale, '/cart'));
  await waitForHydration(page);
  await expect(page.getByTestId('user-label')).toHaveText('Anna');
  await expect(cartLink).toHaveAccessibleName(oneItem);
  await expect(page.locator('.shop-line')).toHaveCount(1);
});

test("a login answered while the page's own session check is still out signs the customer in", async ({ page }) => {
  // The page's first auth check goes out as a guest's (the client extras send it at the
  // first press or soon after the load) and, on a busy phone or network, may answer after
  // the login has: its guest answer must not undo the login (the header said "Log in").
  let releaseGuestCheck!: () => void;
  const guestCheckHeld = new Promise<void>((resolve) => (releaseGuestCheck = resolve));
  let checks = 0;
  await page.route('**/api/v1/auth', async (route) => {
    checks += 1;
    if (checks > 1) return route.continue();
    const guestAnswer = await route.fetch();
    await guestCheckHeld;
    await route.fulfill({ response: guestAnswer });
  });
  await open(page, href('login'));
  await expect.poll(() => checks).toBe(1);
  const loggedIn = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/login');
  await logIn(page, 'anna.andersson@example.se', 'Demo-losenord-2');
  expect((await loggedIn).ok()).toBe(true);
  releaseGuestCheck();
  await expect(page).toHaveURL(new RegExp(`${href('hub')}$`));
  await expect(page.getByTestId('user-label')).toHaveText('Anna');
});

test('a wrong password and an unknown e-mail get the same message; the typed e-mail stays', async ({ page }) => {
  await open(page, href('login'));
  await logIn(page, 'matti.meikalainen@example.fi', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(text('account.errors.invalid-credentials'));
  await logIn(page, 'nobody.here@example.fi', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(text('account.errors.invalid-credentials'));
  await expect(page.getByLabel(text('account.field.email'))).toHaveValue('nobody.here@example.fi');
});

test('offline, login says so and keeps what was typed', async ({ page, context }) => {
  await open(page, href('login'));
  // Every chunk of the page loaded first: a chunk that fails to load reloads the page (spec §4).
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText(text('account.offline-notice'))).toBeVisible();
  await logIn(page, 'matti.meikalainen@example.fi', 'Demo-salasana-1');
  await expect(page.getByRole('alert')).toHaveText(text('account.errors.offline'));
  await expect(page.getByLabel(text('account.field.email'))).toHaveValue('matti.meikalainen@example.fi');
  await expect(page.getByRole('textbox', { name: text('account.field.password'), exact: true })).toHaveValue(
    'Demo-salasana-1',
  );
  await context.setOffline(false);
});

// One account for the password flows: the site allows 10 account actions (register,
// confirm, forgot, reset, change password) per address in 15 minutes, and every test of
// this file comes from 127.0.0.1.
test('forgot and reset a password through the e-mailed link, then change it on my details', async ({ page }) => {
  const email = uniqueEmail('reset');
  await register(page, email, 'Rasmus');
  await open(page, `${href('confirmEmail')}?token=${tokenFrom((await latestMail(email)).body)}`);
  await expect(page.getByRole('heading', { name: text('account.confirm.done-title') })).toBeVisible();

  await open(page, href('login'));
  await page.getByRole('link', { name: text('account.login.forgot') }).click();
  await expect(page).toHaveURL(new RegExp(`${href('forgotPassword')}$`));
  await expectNoSeriousViolations(page, 'forgot password');
  await page.getByLabel(text('account.field.email')).fill(email);
  await page.getByRole('button', { name: text('account.forgot.submit') }).click();
  await expect(page.getByRole('heading', { name: text('account.forgot.sent-title') })).toBeVisible();

  const mail = await latestMail(email);
  expect(mail.subject).toBe('Reset your password');
  await open(page, `${href('resetPassword')}?token=${tokenFrom(mail.body)}`);
  await expectNoSeriousViolations(page, 'reset password');
  await page.getByRole('textbox', { name: text('account.field.new-password'), exact: true }).fill('Another-pass-456');
  await page.getByLabel(text('account.field.password-confirmation')).fill('Another-pass-45');
  await page.getByRole('button', { name: text('account.reset.submit') }).click();
  await expect(page.getByText(featureText(locale, 'forms', 'validation.equals'))).toBeVisible();
  await page.getByLabel(text('account.field.password-confirmation')).fill('Another-pass-456');
  await page.getByRole('button', { name: text('account.reset.submit') }).click();
  await expect(page.getByRole('heading', { name: text('account.reset.done-title') })).toBeVisible();

  await page
    .getByRole('main')
    .getByRole('link', { name: text('account.confirm.login') })
    .click();
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(text('account.errors.invalid-credentials'));
  await page.getByRole('textbox', { name: text('account.field.password'), exact: true }).fill('Another-pass-456');
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await expect(page.getByTestId('user-label')).toHaveText('Rasmus');

  // A successful change empties the form without "This field is required" errors.
  await open(page, href('myPages'));
  const form = page.locator('form', { has: page.getByRole('heading', { name: text('account.password.title') }) });
  const field = (id: string) => form.getByRole('textbox', { name: text(id), exact: true });
  const current = field('account.field.currentPassword');
  const fresh = field('account.field.newPassword');
  const again = field('account.field.newPasswordConfirmation');
  await current.fill('Another-pass-456');
  await fresh.fill('Changed-pass-789');
  await again.fill('Changed-pass-789');
  await form.getByRole('button', { name: text('account.password.submit') }).click();
  await expect(form.getByText(text('account.password.done'))).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(fresh).toHaveValue('');
  await expect(again).toHaveValue('');
  await expect(form.getByText(featureText(locale, 'forms', 'validation.required'))).toHaveCount(0);
  for (const input of [current, fresh, again]) await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page, 'password changed');
});
