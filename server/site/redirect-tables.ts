/** Loads the legacy redirect tables of every locale from content/redirects at start-up. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '#shared/locales';
import { compileRedirectTable, redirectTableSchema, type RedirectTable } from '#shared/redirects';

export function loadRedirectTables(contentDir: string): Map<Locale, RedirectTable> {
  const tables = new Map<Locale, RedirectTable>();
  for (const locale of LOCALES) {
    const file = join(contentDir, 'redirects', `${locale}.json`);
    const parsed = redirectTableSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    tables.set(locale, compileRedirectTable(parsed.data));
  }
  return tables;
}
