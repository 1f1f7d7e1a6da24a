import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app';
import { BOOT_ELEMENT_ID, type BootData } from './app/boot-data';
import { PageRoute } from './app/routes';
import { preloadPageBlocks } from './features/content/components/lazy-blocks';
import { createI18n, setBrowserI18n } from './i18n/catalogs';
import './app/styles.css';

/**
 * The payload client is loaded on the first client navigation, not with the page: the
 * first view is server-rendered and needs no fetch, so its code stays off the landing page.
 */
async function loadPayload(target: string, signal: AbortSignal) {
  const payload = await (await import('./features/content/api/fetch-payload')).fetchPayload(target, signal);
  await preloadPageBlocks(payload.page?.content);
  return payload;
}

async function main() {
  const element = document.getElementById(BOOT_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no boot data');
  const boot = JSON.parse(element.textContent) as BootData;
  const [i18n] = await Promise.all([createI18n(boot.payload.locale), preloadPageBlocks(boot.payload.page?.content)]);
  setBrowserI18n(i18n);
  // Scrolling on navigation is the app's (src/app/page-navigation.ts), not the browser's.
  window.history.scrollRestoration = 'manual';
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <AppProviders i18n={i18n} site={{ locale: boot.payload.locale, basename: boot.basename }}>
        <BrowserRouter basename={boot.basename || '/'}>
          <PageRoute initial={boot.payload} load={loadPayload} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void main();
