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

/**
 * Fails within 5 s, naming the page's state, when the page draws no animation frame.
 * Playwright's click waits for its target to be stable across animation frames with no
 * deadline of its own, so a page that stopped drawing (`shop-paytrail`'s retried "cancelling
 * at Paytrail…": 90 s at "visible, enabled and stable", docs/performance.md "Test suite")
 * only ever showed as the test's timeout. Called before such a click, it records what the
 * page was doing instead, so that the cause can be found the next time it happens.
 */
export async function expectAnimationFrames(page: Page): Promise<void> {
  const stalled = await page.evaluate(async () => {
    const drew = await Promise.race([
      new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
    ]);
    if (drew) return null;
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    return {
      url: location.href,
      visibilityState: document.visibilityState,
      hasFocus: document.hasFocus(),
      readyState: document.readyState,
      stylesheetsNotLoaded: links.filter((link) => !link.sheet).map((link) => link.href),
      animations: document.getAnimations().length,
      openDialogs: document.querySelectorAll('dialog[open]').length,
      focused: document.activeElement
        ? `${document.activeElement.localName}${document.activeElement.id ? `#${document.activeElement.id}` : ''}`
        : null,
    };
  });
  if (!stalled) return;
  // A screenshot needs a frame from the compositor: whether one comes tells a renderer that
  // stopped asking for frames from a compositor that stopped making them.
  const screenshot = await page.screenshot({ timeout: 5000 }).then(
    () => 'taken',
    (error: Error) => `failed: ${error.message.split('\n')[0]}`,
  );
  throw new Error(`The page drew no animation frame in 5 s: ${JSON.stringify({ ...stalled, screenshot })}`);
}
