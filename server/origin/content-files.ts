/**
 * Reads and checks the seed content in content/ (pages and layouts per locale).
 * Rich text is sanitized here, once, so the browser can render it as HTML safely.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { layoutSchema, pageContentSchema, type Layout, type PageContent } from '#shared/content-schema';
import { LOCALES, isLocale, type Locale } from '#shared/locales';
import { readAssetIndex, resolveAssetReferences, type SeedAsset } from './images/asset-files';

const localeEntrySchema = pageContentSchema.omit({ contentType: true }).extend({
  aliases: z.array(z.string()).default([]),
  status: z.enum(['published', 'draft']).default('published'),
});

const pageGroupSchema = z.object({
  key: z.string().min(1),
  contentType: z.string().default('standardPage'),
  locales: z.partialRecord(z.enum(LOCALES), localeEntrySchema),
});

export interface SeedPage {
  groupKey: string;
  locale: Locale;
  status: 'published' | 'draft';
  aliases: string[];
  content: PageContent;
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  transformTags: {
    // External links in rich text open safely in a new tab.
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

function sanitizeContent(content: PageContent): PageContent {
  return {
    ...content,
    body: content.body.map((block) =>
      block.type === 'richText' && 'html' in block && typeof block.html === 'string'
        ? { ...block, html: sanitizeRichText(block.html) }
        : block,
    ),
  };
}

async function jsonFiles(dir: string): Promise<Array<{ file: string; data: unknown }>> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      try {
        return { file, data: JSON.parse(await readFile(file, 'utf8')) as unknown };
      } catch (error) {
        throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
      }
    }),
  );
}

/** Resolves the asset references of each locale's entry with that locale's alt texts. */
function resolvePageGroupAssets(data: unknown, assets: Map<string, SeedAsset>, file: string): unknown {
  const locales = (data as { locales?: unknown } | null)?.locales;
  if (locales === null || typeof locales !== 'object' || Array.isArray(locales)) {
    return resolveAssetReferences(data, assets, file);
  }
  return {
    ...(data as object),
    locales: Object.fromEntries(
      Object.entries(locales).map(([code, entry]) => [
        code,
        resolveAssetReferences(entry, assets, file, isLocale(code) ? code : undefined),
      ]),
    ),
  };
}

export async function readSeedPages(contentDir: string): Promise<SeedPage[]> {
  const pages: SeedPage[] = [];
  const assets = await readAssetIndex(contentDir);
  for (const { file, data } of await jsonFiles(join(contentDir, 'pages'))) {
    const parsed = pageGroupSchema.safeParse(resolvePageGroupAssets(data, assets, file));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    const group = parsed.data;
    for (const [locale, entry] of Object.entries(group.locales) as Array<[Locale, z.infer<typeof localeEntrySchema>]>) {
      const { aliases, status, ...content } = entry;
      pages.push({
        groupKey: group.key,
        locale,
        status,
        aliases,
        content: sanitizeContent({ ...content, contentType: group.contentType }),
      });
    }
  }
  return pages;
}

export async function readSeedLayouts(contentDir: string): Promise<Map<Locale, Layout>> {
  const assets = await readAssetIndex(contentDir);
  const layouts = new Map<Locale, Layout>();
  for (const locale of LOCALES) {
    const file = join(contentDir, 'layout', `${locale}.json`);
    const data = JSON.parse(await readFile(file, 'utf8')) as unknown;
    const parsed = layoutSchema.safeParse(resolveAssetReferences(data, assets, file, locale));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
    layouts.set(locale, parsed.data);
  }
  return layouts;
}
