/**
 * Client navigation (spec §2, §4; DESIGN §3): internal links fetch `{path}/_payload.json`
 * instead of a new document, show the loading flag meanwhile, update the head, keep the
 * history working and scroll to the top, or to the hash anchor when there is one.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { documentTitle, heroTitle, message, seedPage } from './support/content';
import { urlPath, waitForHydration } from './support/page-helpers';

test.use({ locale: 'fi-FI' });

type MarkedWindow = Window & { __marker?: number };

async function setMarker(page: Page) {
  await page.evaluate(() => {
    (window as MarkedWindow).__marker = 1;
  });
}

async function marker(page: Page) {
  return page.evaluate(() => (window as MarkedWindow).__marker);
}

/** Holds payload requests for a path until release() is called. */
async function holdPayload(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a header link navigates on the client with the loading flag and payload fetch', async ({ page }) => {
  const landing = seedPage('fi-FI', '/');
  const business = seedPage('fi-FI', '/yrityksille');
  await page.goto('/');
  await waitForHydration(page);
  await setMarker(page);

  const loadingBar = page.getByRole('status').and(page.locator('.loading-bar'));
  await expect(loadingBar).toHaveCount(1);
  await expect(loadingBar).not.toHaveClass(/is-loading/);

  const release = await holdPayload(page, '**/yrityksille/_payload.json');
  const payloadRequest = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/yrityksille/_payload.json',
  );
  const documentRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documentRequests.push(request.url());
  });

  await page
    .getByRole('navigation', { name: message('fi-FI', 'nav.mainNavigation') })
    .getByRole('link', { name: 'Yrityksille', exact: true })
    .click();
  await payloadRequest;
  // While the payload is on its way the loading flag is up and announced.
  await expect(loadingBar).toHaveClass(/\bis-loading\b/);
  await expect(loadingBar).toContainText(message('fi-FI', 'page.loading'));
  release();

  await expect(page).toHaveURL(urlPath('/yrityksille'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(business));
  await expect(loadingBar).not.toHaveClass(/is-loading/);
  await expect(loadingBar).toHaveText('');
  expect(await marker(page), 'the document was reloaded').toBe(1);
  expect(documentRequests, 'no new document was requested').toEqual([]);

  // The head follows the page.
  await expect(page).toHaveTitle(documentTitle(business));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi-FI');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', business.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/yrityksille$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);

  await page.goBack();
  await expect(page).toHaveURL(urlPath('/'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(landing));
  await expect(page).toHaveTitle(documentTitle(landing));
  expect(await marker(page), 'going back reloaded the document').toBe(1);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(business));
  expect(await marker(page)).toBe(1);
});

test('a link-list link in another locale keeps the locale prefix and <html lang>', async ({ page }) => {
  const terms = seedPage('sv-SE', '/allmanna-villkor');
  await page.goto('/sv-SE');
  await waitForHydration(page);
  await setMarker(page);
  const payloadRequest = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/sv-SE/allmanna-villkor/_payload.json',
  );

  // The landing page's link list block holds internal CMS links.
  const linkListTitle = seedPage('sv-SE', '/').body.find((block) => block.type === 'linkList')?.title ?? '';
  const quickLinks = page.getByRole('main').getByRole('navigation', { name: linkListTitle });
  await quickLinks.getByRole('link', { name: 'Allmänna villkor' }).click();
  const response = await (await payloadRequest).response();
  expect(response?.status()).toBe(200);

  await expect(page).toHaveURL(urlPath('/sv-SE/allmanna-villkor'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(terms));
  await expect(page).toHaveTitle(documentTitle(terms));
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv-SE');
  expect(await marker(page)).toBe(1);
});

test('navigation scrolls to the top of the new page', async ({ page }) => {
  // Spec §2 "Navigation scrolls to the top, or to the hash anchor": the top half.
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto('/yrityksille');
  await waitForHydration(page);
  await setMarker(page);

  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Käyttöehdot' });
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await footerLink.click();
  await expect(page).toHaveURL(urlPath('/kayttoehdot'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(seedPage('fi-FI', '/kayttoehdot')));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await marker(page)).toBe(1);
});

test('navigation to a link with a hash anchor scrolls to that anchor', async ({ page }) => {
  // The origin strips ids from rich text, so no seed page has an anchor: the test gives
  // the last heading of the terms page one in its payload, as a CMS anchor would.
  const terms = seedPage('fi-FI', '/kayttoehdot');
  const html = terms.body.filter((block) => block.type === 'richText').at(-1)?.html ?? '';
  const headings = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((match) => match[1] ?? '');
  const heading = headings.at(-1);
  expect(heading, 'the fi-FI terms page has a rich-text h2').toBeDefined();
  await page.route('**/kayttoehdot/_payload.json', async (route) => {
    const response = await route.fetch();
    const payload = (await response.json()) as { page: { content: { body: Array<{ html?: string }> } } };
    for (const block of payload.page.content.body) {
      block.html &&= block.html.replace(`<h2>${heading}</h2>`, `<h2 id="vastuunrajoitus">${heading}</h2>`);
    }
    // The body is sent decoded: drop the original encoding and length.
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await route.fulfill({ status: response.status(), headers, body: JSON.stringify(payload) });
  });

  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto('/');
  await waitForHydration(page);
  await setMarker(page);
  // Rich text upgrades its same-origin links to client navigation; add one with a hash.
  await page
    .getByRole('main')
    .locator('.rich-text')
    .first()
    .evaluate((element) => {
      const link = document.createElement('a');
      link.href = '/kayttoehdot#vastuunrajoitus';
      link.textContent = 'Vastuunrajoitus ja muutokset';
      element.append(link);
    });
  const payload = page.waitForResponse((response) => new URL(response.url()).pathname === '/kayttoehdot/_payload.json');
  await page.getByRole('link', { name: 'Vastuunrajoitus ja muutokset' }).click();
  expect((await payload).status()).toBe(200);

  await expect(page).toHaveURL(urlPath('/kayttoehdot#vastuunrajoitus'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroTitle(terms));
  const anchor = page.locator('#vastuunrajoitus');
  await expect(anchor).toHaveText(heading!);
  // Not the top: the page scrolled down until the heading is at the top of the window.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(() => anchor.evaluate((element) => Math.abs(element.getBoundingClientRect().top))).toBeLessThan(2);
  expect(await marker(page), 'the document was reloaded').toBe(1);
});
