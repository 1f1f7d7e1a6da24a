/**
 * A same-origin crawler on fetch for the whole-site checks ("crawling the
 * running site from each locale root finds no broken internal link or image, and every
 * page has a title, a description and exactly one h1").
 *
 * Why not linkinator: it reports statuses but not the documents, and the page checks need
 * the server-rendered HTML of every page; one crawler that keeps both avoids fetching
 * every page twice. Like linkinator it follows <a>, <link>, <img>/<source> (src and
 * srcset), <script>, <video> and <meta property="og:image">, and it never fetches a URL
 * of another origin (those are only counted).
 *
 * Also: the sample pages (landing, one article, the 404 page) that the per-page checks
 * (HTML validity, axe) run on in each locale, chosen from the seed content so that they
 * follow the content as it changes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { getHref, LOCALES, slugToPath, type Locale } from '#shared/locales';
import { repoRoot } from './content';

/** What a reference in a document points at, which decides how its answer is judged. */
export type RefKind = 'link' | 'image' | 'asset';

export interface Ref {
  url: string;
  kind: RefKind;
  /** The element and attribute it came from, for failure messages ("img[srcset]"). */
  via: string;
}

export interface PageFacts {
  /** Text of the document's <title> (not the <title> of an inline SVG); null when absent. */
  title: string | null;
  /** content of every <meta name="description">. */
  descriptions: string[];
  h1Count: number;
  /** <img> elements without both width and height attributes (their src). */
  unsizedImages: string[];
}

/** Facts and same-origin-or-not references of one HTML document. */
export function parseDocument(html: string, documentUrl: string): { facts: PageFacts; refs: Ref[] } {
  const refs: Ref[] = [];
  const facts: PageFacts = { title: null, descriptions: [], h1Count: 0, unsizedImages: [] };
  let base = documentUrl;
  let svgDepth = 0;
  let inTitle = false;
  let titleText = '';

  const add = (raw: string | undefined, kind: RefKind, via: string) => {
    const value = raw?.trim();
    if (!value || /^(?:mailto|tel|javascript|data|blob|sms):/i.test(value) || value.startsWith('#')) return;
    try {
      const url = new URL(value, base);
      url.hash = '';
      refs.push({ url: url.href, kind, via });
    } catch {
      // An address that does not parse is broken by definition: keep it as written.
      refs.push({ url: `invalid:${value}`, kind, via });
    }
  };
  const addSrcset = (srcset: string | undefined, via: string) => {
    for (const url of srcsetUrls(srcset ?? '')) add(url, 'image', via);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'svg') svgDepth++;
        if (svgDepth > 0) return;
        switch (name) {
          case 'base':
            if (attrs.href) base = new URL(attrs.href, documentUrl).href;
            break;
          case 'title':
            inTitle = true;
            titleText = '';
            break;
          case 'h1':
            facts.h1Count++;
            break;
          case 'meta':
            if (attrs.name?.toLowerCase() === 'description') facts.descriptions.push(attrs.content ?? '');
            if (attrs.property === 'og:image') add(attrs.content, 'image', 'meta[og:image]');
            break;
          case 'a':
          case 'area':
            add(attrs.href, 'link', `${name}[href]`);
            break;
          case 'link': {
            const rel = (attrs.rel ?? '').toLowerCase();
            // canonical and hreflang alternates name pages; the rest are files.
            add(attrs.href, /\b(?:canonical|alternate)\b/.test(rel) ? 'link' : 'asset', `link[rel=${rel}]`);
            break;
          }
          case 'img':
            add(attrs.src, 'image', 'img[src]');
            addSrcset(attrs.srcset, 'img[srcset]');
            if (!attrs.width || !attrs.height) facts.unsizedImages.push(attrs.src ?? '(no src)');
            break;
          case 'source':
            add(attrs.src, 'asset', 'source[src]');
            addSrcset(attrs.srcset, 'source[srcset]');
            break;
          case 'video':
            add(attrs.src, 'asset', 'video[src]');
            add(attrs.poster, 'image', 'video[poster]');
            break;
          case 'script':
          case 'iframe':
            add(attrs.src, 'asset', `${name}[src]`);
            break;
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'svg') svgDepth = Math.max(0, svgDepth - 1);
        if (name === 'title' && inTitle) {
          inTitle = false;
          if (facts.title === null) facts.title = titleText.trim();
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { facts, refs };
}

/**
 * The URLs of a srcset, parsed as the HTML standard does: a URL is a run of non-space
 * characters (commas inside it belong to it, e.g. "fp=0.5,0.4"); a comma ends a candidate
 * only after its descriptors or at the very end of the URL.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && /[\s,]/.test(srcset[position]!)) position++;
    if (position >= srcset.length) break;
    const start = position;
    while (position < srcset.length && !/\s/.test(srcset[position]!)) position++;
    const url = srcset.slice(start, position);
    if (/,+$/.test(url)) {
      urls.push(url.replace(/,+$/, ''));
      continue;
    }
    // Skip the descriptors ("1.5x", "768w"), up to the comma that ends the candidate.
    let depth = 0;
    while (position < srcset.length && (depth > 0 || srcset[position] !== ',')) {
      if (srcset[position] === '(') depth++;
      if (srcset[position] === ')') depth = Math.max(0, depth - 1);
      position++;
    }
    urls.push(url);
  }
  return urls.filter(Boolean);
}

export interface Resource {
  url: string;
  /** HTTP status, or 0 when the request failed (network error, timeout). */
  status: number;
  contentType: string;
  /** Where a 3xx pointed (absolute). */
  location?: string;
  error?: string;
  /** How it was reached first, and from how many places. */
  kinds: Set<RefKind>;
  referrers: Set<string>;
  /** Set for HTML documents that answered 2xx. */
  facts?: PageFacts;
}

export interface CrawlResult {
  resources: Map<string, Resource>;
  /** Distinct URLs of other origins that were seen and not fetched. */
  external: Set<string>;
  /** True when the crawl stopped at maxUrls before the queue ran dry. */
  truncated: boolean;
  ms: number;
}

export interface CrawlOptions {
  baseURL: string;
  roots: string[];
  /** Requests in flight at once; the server has two cores to share with the test runner. */
  concurrency?: number;
  /** A safety stop for a link generator (e.g. an ever-growing query string). */
  maxUrls?: number;
  timeoutMs?: number;
  /** Crawlers skip the first-visit locale redirect of '/', so the crawl sees each root. */
  userAgent?: string;
}

export async function crawl(options: CrawlOptions): Promise<CrawlResult> {
  const started = Date.now();
  const origin = new URL(options.baseURL).origin;
  const concurrency = options.concurrency ?? 6;
  const maxUrls = options.maxUrls ?? 3000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const userAgent = options.userAgent ?? 'st1-site-crawler/1.0 (+linkcheck bot)';
  const resources = new Map<string, Resource>();
  const external = new Set<string>();
  const queue: string[] = [];
  let inFlight = 0;
  let truncated = false;

  const enqueue = (url: string, kind: RefKind, referrer: string | null) => {
    if (!url.startsWith('invalid:') && new URL(url).origin !== origin) {
      external.add(url);
      return;
    }
    let resource = resources.get(url);
    if (!resource) {
      if (resources.size >= maxUrls) {
        truncated = true;
        return;
      }
      resource = { url, status: -1, contentType: '', kinds: new Set(), referrers: new Set() };
      resources.set(url, resource);
      queue.push(url);
    }
    resource.kinds.add(kind);
    if (referrer) resource.referrers.add(referrer);
  };

  const visit = async (url: string) => {
    const resource = resources.get(url)!;
    if (url.startsWith('invalid:')) {
      resource.status = 0;
      resource.error = 'address does not parse';
      return;
    }
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { 'user-agent': userAgent, accept: 'text/html,image/webp,image/*,*/*;q=0.8' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      resource.status = response.status;
      resource.contentType = response.headers.get('content-type') ?? '';
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        resource.location = new URL(location, url).href;
        // The target is judged like the original reference (a redirected image is an image).
        for (const kind of resource.kinds) enqueue(resource.location, kind, url);
        return;
      }
      if (resource.contentType.startsWith('text/html')) {
        const html = await response.text();
        const { facts, refs } = parseDocument(html, url);
        // Only documents reached as pages are judged as pages (an image URL answering HTML is
        // already broken as an image).
        if (response.ok && resource.kinds.has('link')) resource.facts = facts;
        for (const ref of refs) enqueue(ref.url, ref.kind, url);
      } else {
        // Read the whole body: a resized image that fails half-way must count as broken.
        await response.arrayBuffer();
      }
    } catch (error) {
      resource.status = 0;
      resource.error = error instanceof Error ? error.message : String(error);
    }
  };

  for (const root of options.roots) enqueue(new URL(root, options.baseURL).href, 'link', null);
  const workers = Array.from({ length: concurrency }, async () => {
    // Workers share one queue; a worker that finds it empty waits for the others' pages
    // to add more before it gives up.
    for (;;) {
      const next = queue.shift();
      if (next) {
        inFlight++;
        await visit(next);
        inFlight--;
        continue;
      }
      if (inFlight === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  await Promise.all(workers);
  return { resources, external, truncated, ms: Date.now() - started };
}

/** Why a resource counts as broken, or null when it is fine. */
export function brokenReason(resource: Resource): string | null {
  if (resource.status === 0) return `request failed: ${resource.error ?? 'unknown error'}`;
  if (resource.status >= 400) return `HTTP ${resource.status}`;
  if (resource.status >= 300 && !resource.location) return `HTTP ${resource.status} without Location`;
  // An image address that answers 200 with an HTML page (a catch-all route) is broken too.
  if (resource.status < 300 && resource.kinds.has('image') && !resource.kinds.has('link')) {
    if (!/^image\//.test(resource.contentType)) return `image answered ${resource.contentType || 'no content type'}`;
  }
  return null;
}

/** The locale a same-origin path belongs to (path-prefix mode). */
export function localeOfUrl(url: string): Locale {
  const path = new URL(url).pathname;
  return (
    LOCALES.find((locale) => locale !== 'fi-FI' && (path === `/${locale}` || path.startsWith(`/${locale}/`))) ?? 'fi-FI'
  );
}

/** "url (status) ← from a, b" lines for assertion messages, capped to stay readable. */
export function describeResources(
  resources: Iterable<Resource>,
  reason: (resource: Resource) => string,
  cap = 80,
): string {
  const lines = [...resources].map((resource) => {
    const from = [...resource.referrers].slice(0, 3).map((referrer) => new URL(referrer).pathname);
    const more = resource.referrers.size > 3 ? ` +${resource.referrers.size - 3} more` : '';
    const full = resource.url.startsWith('invalid:')
      ? resource.url
      : new URL(resource.url).pathname + new URL(resource.url).search;
    // Keep a runaway address (a sentence in an href) readable.
    const path = full.length > 140 ? `${full.slice(0, 140)}…` : full;
    return `  ${path}: ${reason(resource)}${from.length ? ` ← ${from.join(', ')}${more}` : ''}`;
  });
  const shown = lines.slice(0, cap);
  if (lines.length > cap) shown.push(`  … and ${lines.length - cap} more`);
  return shown.join('\n');
}

interface SeedLocalePage {
  slug: string;
  status?: string;
  noIndex?: boolean;
}

/** A published article page of the locale from the seed content (first by file key). */
export function articlePath(locale: Locale): string {
  const dir = join(repoRoot, 'content', 'pages');
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      contentType?: string;
      locales: Partial<Record<Locale, SeedLocalePage>>;
    };
    const page = file.locales[locale];
    if (file.contentType === 'articlePage' && page && page.status !== 'draft')
      return getHref(locale, slugToPath(page.slug));
  }
  throw new Error(`No published article page for ${locale} in content/pages`);
}

export interface SamplePage {
  locale: Locale;
  name: 'landing' | 'article' | '404';
  path: string;
  status: number;
}

/** Landing page, one article and the 404 page in each locale: the pages of the per-page checks. */
export function samplePages(): SamplePage[] {
  return LOCALES.flatMap((locale) => [
    { locale, name: 'landing' as const, path: getHref(locale, '/'), status: 200 },
    { locale, name: 'article' as const, path: articlePath(locale), status: 200 },
    { locale, name: '404' as const, path: getHref(locale, '/this-page-does-not-exist'), status: 404 },
  ]);
}
