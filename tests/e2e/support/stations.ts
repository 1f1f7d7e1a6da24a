/**
 * Helpers of the station tests: the stations feature catalog (locales/{locale}/stations.po),
 * the seeded station list as the running site serves it, and the local Maps stub.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Locale } from '#shared/locales';
import type { StationList, StationSummary } from '#shared/stations';
import { repoRoot } from './content';

const catalogs = new Map<string, Map<string, string>>();

function unquote(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/** A text of a catalog with {values} filled in (plural forms are not needed by the tests). */
export function text(
  locale: Locale,
  id: string,
  values: Record<string, string | number> = {},
  catalog = 'stations',
): string {
  const key = `${locale}/${catalog}`;
  let messages = catalogs.get(key);
  if (!messages) {
    messages = new Map();
    const po = readFileSync(join(repoRoot, 'locales', locale, `${catalog}.po`), 'utf8');
    for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      messages.set(unquote(match[1] ?? ''), unquote(match[2] ?? ''));
    }
    catalogs.set(key, messages);
  }
  const message = messages.get(id);
  if (message === undefined) throw new Error(`No message "${id}" in locales/${locale}/${catalog}.po`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The station list of a country as the site serves it (through the proxy, as the browser does). */
export async function stationList(page: Page, country: 'FI' | 'SE' | 'NO'): Promise<StationSummary[]> {
  const response = await page.request.get(`/proxy/cms-view/v1/stations?country=${country}`);
  if (!response.ok()) throw new Error(`station list answered ${response.status()}`);
  return ((await response.json()) as StationList).stations;
}

export const FAKE_MAPS_KEY = 'e2e-fake-maps-key';

/**
 * Serves the Maps stub at the real script URL and gives the page a Maps key, as the site
 * server does when GOOGLE_MAPS_API_KEY is set (the e2e server runs without one; the key's
 * way from the configuration into the page is covered by tests/integration/stations-site.test.ts).
 * By default the visitor has allowed Google Maps (consent cookie `v1.maps`);
 * `consent: false` leaves the choice unmade.
 */
export async function useFakeMaps(
  page: Page,
  options: { fail?: boolean; consent?: boolean } = {},
): Promise<{ scriptRequests: string[] }> {
  const scriptRequests: string[] = [];
  if (options.consent !== false) {
    await page.context().addCookies([{ name: 'st1_consent', value: 'v1.maps', domain: '127.0.0.1', path: '/' }]);
  }
  await page.route('https://maps.googleapis.com/maps/api/js**', async (route) => {
    scriptRequests.push(route.request().url());
    if (options.fail) return route.abort('failed');
    return route.fulfill({
      contentType: 'text/javascript',
      body: readFileSync(join(repoRoot, 'tests', 'e2e', 'support', 'fake-google-maps.js'), 'utf8'),
    });
  });
  await page.route(
    (url) => !url.pathname.includes('.') && !url.pathname.startsWith('/proxy/') && !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="__st1_boot">)(.*?)(<\/script>)/s,
        (_whole, open: string, json: string, close: string) => {
          const boot = JSON.parse(json) as Record<string, unknown>;
          boot.publicConfig = { googleMapsApiKey: FAKE_MAPS_KEY };
          return `${open}${JSON.stringify(boot).replace(/</g, '\\u003c')}${close}`;
        },
      );
      return route.fulfill({ response, body });
    },
  );
  return { scriptRequests };
}
