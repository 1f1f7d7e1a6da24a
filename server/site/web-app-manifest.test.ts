import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { offlineStartPages } from '#shared/service-worker-protocol';
import { manifestHref, webAppManifest } from './web-app-manifest';

const translate = (locale: string, id: string) => `${locale}:${id}`;

describe('webAppManifest', () => {
  it('uses the locale prefix for start URL, scope and shortcuts', () => {
    const manifest = webAppManifest('no-NO', { domainMode: false }, translate);
    expect(manifest).toMatchObject({
      id: '/no-NO',
      start_url: '/no-NO',
      scope: '/no-NO',
      lang: 'nb-NO',
      name: 'no-NO:app.manifest.name',
      short_name: 'no-NO:app.manifest.shortName',
    });
    expect(manifest.shortcuts).toEqual([
      expect.objectContaining({ name: 'no-NO:app.manifest.shortcut.stationLocator', url: '/no-NO/finn-stasjon' }),
      expect.objectContaining({
        name: 'no-NO:app.manifest.shortcut.myStations',
        url: '/no-NO/finn-stasjon#my-stations',
      }),
      expect.objectContaining({ name: 'no-NO:app.manifest.shortcut.cart', url: '/no-NO/handlekurv' }),
    ]);
  });

  it('has no prefix for fi-FI or in domain mode', () => {
    expect(webAppManifest('fi-FI', { domainMode: false }, translate)).toMatchObject({ start_url: '/', scope: '/' });
    const sv = webAppManifest('sv-SE', { domainMode: true }, translate);
    expect(sv).toMatchObject({ start_url: '/', scope: '/' });
    expect(sv.shortcuts.map((shortcut) => shortcut.url)).toEqual([
      '/hitta-station',
      '/hitta-station#my-stations',
      '/varukorg',
    ]);
  });

  it('has only shortcuts that the service worker keeps offline from the first visit', () => {
    for (const locale of LOCALES) {
      for (const domainMode of [false, true]) {
        const manifest = webAppManifest(locale, { domainMode }, translate);
        const kept = offlineStartPages(locale, domainMode);
        expect(kept, `${locale}, domain mode ${domainMode}`).toEqual(
          // The fragment (#my-stations) is the page's business: the document is the locator's.
          expect.arrayContaining([
            manifest.start_url,
            ...manifest.shortcuts.map((shortcut) => shortcut.url.replace(/#.*$/, '')),
          ]),
        );
      }
    }
  });

  it('is linked per locale', () => {
    expect(manifestHref('en-EU')).toBe('/manifests/en-EU.webmanifest');
  });

  it('has a description and narrow and wide screenshots of its own locale, which exist in public/ at their size', async () => {
    for (const locale of LOCALES) {
      const manifest = webAppManifest(locale, { domainMode: false }, translate);
      expect(manifest.description).toBe(`${locale}:app.manifest.description`);
      expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.sizes])).toEqual([
        ['narrow', '390x844'],
        ['wide', '1280x800'],
      ]);
      for (const shot of manifest.screenshots) {
        expect(shot.src).toContain(locale);
        expect(shot.label).toBe(`${locale}:app.manifest.screenshot`);
        const file = join(import.meta.dirname, '..', '..', 'public', shot.src);
        expect(existsSync(file), file).toBe(true);
        const meta = await sharp(readFileSync(file)).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(shot.sizes);
        expect(meta.format).toBe('webp');
        // Small: the install sheet loads them over whatever network the visitor has.
        expect(meta.size ?? readFileSync(file).length).toBeLessThan(60_000);
      }
    }
  });
});
