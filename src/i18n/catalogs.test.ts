/**
 * One message id, one text per locale. The core catalog and the feature catalogs of a
 * locale are merged into one i18n instance (on the server all at once, in the browser
 * as feature chunks load), so an id in two catalogs with different texts would show one
 * text or the other depending on what has loaded, and could differ between the server's
 * render and the browser's. The validation messages, for one, live only in `forms`
 * (docs/accounts.md), with the spec's English wording (§5).
 */
import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/locales';

const catalogs = import.meta.glob<{ messages: Messages }>('../../locales/*/*.po');

function catalogName(path: string): { locale: string; catalog: string } {
  const [, locale = '', catalog = ''] = /locales\/([^/]+)\/([^/]+)\.po$/.exec(path) ?? [];
  return { locale, catalog };
}

describe.each(LOCALES)('message catalogs of %s', (locale) => {
  it('never give one id two different texts', async () => {
    const texts = new Map<string, Map<string, string>>();
    for (const [path, load] of Object.entries(catalogs)) {
      const { locale: of, catalog } = catalogName(path);
      if (of !== locale) continue;
      for (const [id, compiled] of Object.entries((await load()).messages)) {
        const byCatalog = texts.get(id) ?? new Map<string, string>();
        byCatalog.set(catalog, JSON.stringify(compiled));
        texts.set(id, byCatalog);
      }
    }
    expect(texts.size).toBeGreaterThan(100);
    const conflicts = [...texts]
      .filter(([, byCatalog]) => new Set(byCatalog.values()).size > 1)
      .map(([id, byCatalog]) => `${id}: ${[...byCatalog.keys()].join(', ')}`);
    expect(conflicts).toEqual([]);
  });

  it('keeps the validation messages in the forms catalog only', async () => {
    for (const [path, load] of Object.entries(catalogs)) {
      const { locale: of, catalog } = catalogName(path);
      if (of !== locale || catalog === 'forms') continue;
      const ids = Object.keys((await load()).messages).filter((id) => id.startsWith('validation.'));
      expect(ids, `${catalog}.po`).toEqual([]);
    }
  });
});
