/**
 * Reads the seed content (content/pages/*.json, content/redirects/*.json) and the Lingui
 * catalogs (locales/*\/messages.po), so that the tests compare the rendered site with
 * the data it is built from instead of hard-coding copies of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToSlug, type Locale } from '#shared/locales';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface SeedBlock {
  type: string;
  title?: string;
  text?: string;
  html?: string;
}

export interface SeedPage {
  slug: string;
  aliases: string[];
  title: string;
  description: string;
  body: SeedBlock[];
}

interface SeedFile {
  key: string;
  contentType: string;
  locales: Partial<Record<Locale, SeedPage>>;
}

let pages: SeedFile[] | undefined;

function allPages(): SeedFile[] {
  if (!pages) {
    const dir = join(repoRoot, 'content', 'pages');
    pages = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as SeedFile);
  }
  return pages;
}

/** The seed page a locale-relative path shows (by slug or alias). Throws when there is none. */
export function seedPage(locale: Locale, path: string): SeedPage {
  const slug = pathToSlug(path);
  for (const file of allPages()) {
    const page = file.locales[locale];
    if (page && (page.slug === slug || page.aliases.includes(slug))) return page;
  }
  throw new Error(`No seed page for ${locale} ${path} (slug "${slug}")`);
}

/** The page's h1: the title of its first block when that is a hero, else the page title. */
export function heroTitle(page: SeedPage): string {
  const first = page.body[0];
  return first?.type === 'hero' && first.title ? first.title : page.title;
}

/** The text of the first hero block, for body-text checks. */
export function heroText(page: SeedPage): string {
  const text = page.body[0]?.text;
  if (!text) throw new Error(`Seed page ${page.slug} has no hero text`);
  return text;
}

/** The document title the site builds from the page (DESIGN §3: landing bare, others "| St1"). */
export function documentTitle(page: SeedPage): string {
  return page.slug === 'landing' ? page.title : `${page.title} | St1`;
}

export interface RedirectTableFile {
  exact: Record<string, string>;
  prefix?: Record<string, string>;
}

export function redirectTable(locale: Locale): RedirectTableFile {
  return JSON.parse(
    readFileSync(join(repoRoot, 'content', 'redirects', `${locale}.json`), 'utf8'),
  ) as RedirectTableFile;
}

const catalogs = new Map<Locale, Map<string, string>>();

function unquote(value: string): string {
  return JSON.parse(`"${value}"`) as string;
}

/** One message of a locale's catalog, with {placeholders} filled in. */
export function message(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = new Map();
    const po = readFileSync(join(repoRoot, 'locales', locale, 'messages.po'), 'utf8');
    for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\r?\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
      catalog.set(unquote(match[1] ?? ''), unquote(match[2] ?? ''));
    }
    catalogs.set(locale, catalog);
  }
  const text = catalog.get(id);
  if (!text) throw new Error(`No message "${id}" in locales/${locale}/messages.po`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
