import { expect, type Page } from '@playwright/test';

/**
 * Resolves once React has taken over the server-rendered document: hydrateRoot has marked
 * the #root container and the hydration render has reached <main>. From then on, clicks
 * are handled by React (a click that races the commit is replayed after a synchronous
 * hydration), so tests can interact without sleeping.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const hasKey = (node: Element | null, prefix: string) =>
      Boolean(node && Object.keys(node).some((key) => key.startsWith(prefix)));
    return (
      hasKey(document.getElementById('root'), '__reactContainer$') &&
      hasKey(document.querySelector('main'), '__reactFiber$')
    );
  });
}

/** Collects console errors and uncaught page errors from the moment it is called. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** A path with an optional query, compared with the page URL whatever the host. */
export function urlPath(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://[^/]+${escaped}$`);
}

export async function expectHtmlLang(page: Page, lang: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}
