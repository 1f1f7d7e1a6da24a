/**
 * The contact forms in Chromium at 390 and 1280 px with axe: a field error
 * first, then a successful submission; a server failure shows 'Could not submit form,
 * try again later' (spec §8) and keeps what was typed.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { getHref, LOCALIZED_PATHS } from '#shared/locales';
import { featureText, latestMail } from './support/accounts';
import { waitForHydration } from './support/page-helpers';
import { expectNoSeriousViolations } from './support/axe';
import { eachTestFromItsOwnAddress } from './support/visitor-address';

// Logins, account requests and form posts are limited per address: one visitor per test.
eachTestFromItsOwnAddress(test);

// Logins, registrations and resets hash passwords with scrypt (docs/accounts.md): on a busy
// 2-core machine an answer can take seconds, more than the default 5 s wait allows.
const expect = baseExpect.configure({ timeout: 15_000 });

// Each test scans pages with axe: longer than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const locale = 'en-EU' as const;
const forms = (id: string, values?: Record<string, string | number>) => featureText(locale, 'forms', id, values);
const contactPath = getHref(locale, LOCALIZED_PATHS.contact[locale]);

async function fillContactForm(page: Page, message: string) {
  await page.getByLabel(forms('forms.field.firstname')).fill('Maija');
  await page.getByLabel(forms('forms.field.lastname')).fill('Mehiläinen');
  await page.getByLabel(forms('forms.field.email')).fill('maija@example.fi');
  await page.getByLabel(forms('forms.field.topic')).selectOption({ label: forms('forms.topic.card') });
  await page.getByLabel(forms('forms.field.message')).fill(message);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`${viewport.width} px: the contact form shows a field error, then sends`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(contactPath);
    await waitForHydration(page);
    const form = page.locator('.contact-form');
    await expect(form.getByRole('heading', { name: forms('forms.contact.title') })).toBeVisible();
    await fillContactForm(page, 'Too short');
    await form.getByRole('button', { name: forms('forms.send') }).click();
    const message = page.getByLabel(forms('forms.field.message'));
    await expect(page.getByText(forms('validation.minLength', { ruleValue: 10 }))).toBeVisible();
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toBeFocused();
    await expectNoSeriousViolations(page, 'contact form with an error');

    const text = `My fuel card was lost at ${viewport.width} px, please block it.`;
    await message.fill(text);
    await form.getByRole('button', { name: forms('forms.send') }).click();
    await expect(page.getByText(forms('forms.submitted'))).toBeVisible();
    await expectNoSeriousViolations(page, 'contact form sent');
    expect((await latestMail('asiakaspalvelu@st1.example', text)).body).toContain(`topic: card`);

    // "Send another" opens an empty form that does not call its fields wrong.
    await form.getByRole('button', { name: forms('forms.send-another') }).click();
    await expect(message).toHaveValue('');
    await expect(form.getByText(forms('validation.required'))).toHaveCount(0);
    await expect(message).not.toHaveAttribute('aria-invalid', 'true');
  });
}

/** Makes the next submit fail with a server error (spec §8). */
async function failSubmits(page: Page) {
  await page.route('**/api/v1/form/submit', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"status":500,"code":"INTERNAL_SERVER_ERROR","message":"Internal server error"}',
    }),
  );
}

async function sendFailingForm(page: Page) {
  await page.goto(contactPath);
  await waitForHydration(page);
  await fillContactForm(page, 'Where can I wash my van?');
  await page
    .locator('.contact-form')
    .getByRole('button', { name: forms('forms.send') })
    .click();
  await expect(page.getByRole('alert')).toHaveText('Could not submit form, try again later');
}

const ERROR_EVENT = { event: 'Error Message', status: 500, code: 'error', type: 'exception' };
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);

test('a failed submit says "Could not submit form, try again later" and keeps the fields', async ({
  page,
  context,
  baseURL,
}) => {
  // Analytics allowed (the stored choice of the consent banner); the tag manager's
  // address is answered with an empty script, so no test reaches the internet.
  await context.addCookies([{ name: 'st1_consent', value: 'v1.analytics', url: baseURL ?? 'http://127.0.0.1' }]);
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await failSubmits(page);
  await sendFailingForm(page);
  await expect(page.getByLabel(forms('forms.field.message'))).toHaveValue('Where can I wash my van?');
  await expect(page.getByLabel(forms('forms.field.firstname'))).toHaveValue('Maija');
  // Spec §8: the analytics event 'Error Message' with status 500, code 'error', type 'exception'.
  await expect.poll(() => dataLayer(page)).toContainEqual(ERROR_EVENT);
});

test('without analytics consent a failed submit sends no analytics event', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'st1_consent', value: 'v1.necessary', url: baseURL ?? 'http://127.0.0.1' }]);
  await failSubmits(page);
  await sendFailingForm(page);
  expect(await dataLayer(page)).not.toContainEqual(ERROR_EVENT);

  // Nor when no choice has been made yet (the banner shows): accepting afterwards does not
  // send what happened before.
  await context.clearCookies({ name: 'st1_consent' });
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await sendFailingForm(page);
  const banner = page.getByRole('region', { name: featureText(locale, 'messages', 'consent.title') });
  await banner.getByRole('button', { name: featureText(locale, 'messages', 'consent.acceptAll') }).click();
  await expect.poll(() => dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'gtm.js' }));
  expect(await dataLayer(page)).not.toContainEqual(ERROR_EVENT);
});

test('the business sales form sends on the business contact page', async ({ page }) => {
  await page.goto('/yrityksille/b2b-ota-yhteytta');
  await waitForHydration(page);
  const fi = (id: string) => featureText('fi-FI', 'forms', id);
  const field = (id: string) => page.getByRole('textbox', { name: fi(id), exact: true });
  await field('forms.field.company').fill('Kuljetus Oy');
  await field('forms.field.businessId').fill('1234567-8');
  await field('forms.field.firstname').fill('Pekka');
  await field('forms.field.lastname').fill('Puupää');
  await field('forms.field.email').fill('pekka@example.fi');
  await field('forms.field.phone').fill('040 765 4321');
  await field('forms.field.message').fill('Haluamme tarjouksen 12 Business-kortista.');
  await page.getByRole('button', { name: fi('forms.send') }).click();
  await expect(page.getByText(fi('forms.submitted'))).toBeVisible();
  await expectNoSeriousViolations(page, 'business form sent');
});
