/**
 * Loads the server bundle built by Vite (dist/server/entry-server.js) and the client's
 * index.html template, and turns a payload into the HTML document.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isServerBundle, type RenderInput, type Translate } from '#shared/server-bundle';
import { manifestHref } from './web-app-manifest';

export interface Renderer {
  buildId: string;
  buildTimestamp: number;
  renderDocument(input: RenderInput): Promise<string>;
  translate: Translate;
  /** The server render's markup cache hits and misses (site-metrics.ts). */
  markupCacheStats(): { hits: number; misses: number };
}

export async function loadRenderer(distDir: string): Promise<Renderer> {
  const templatePath = join(distDir, 'client', 'index.html');
  const bundlePath = join(distDir, 'server', 'entry-server.js');
  let template: string;
  let build: { id: string; timestamp: number };
  try {
    template = readFileSync(templatePath, 'utf8');
    build = JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as { id: string; timestamp: number };
  } catch (error) {
    throw new Error(`No client build in ${distDir} (run "npm run build"): ${(error as Error).message}`, {
      cause: error,
    });
  }
  for (const marker of ['<!--app-lang-->', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->']) {
    if (!template.includes(marker)) throw new Error(`${templatePath} lacks the ${marker} marker`);
  }
  const bundle: unknown = await import(pathToFileURL(bundlePath).href);
  if (!isServerBundle(bundle))
    throw new Error(`${bundlePath} does not export render, translate and markupCacheStats (run "npm run build")`);
  const [beforeLang, afterLang] = template.split('<!--app-lang-->') as [string, string];
  const [beforeHead, afterHead] = afterLang.split('<!--app-head-->') as [string, string];
  const [beforeHtml, afterHtml] = afterHead.split('<!--app-html-->') as [string, string];
  const [beforeData, afterData] = afterHtml.split('<!--app-data-->') as [string, string];

  return {
    buildId: build.id,
    buildTimestamp: build.timestamp,
    translate: bundle.translate,
    markupCacheStats: bundle.markupCacheStats,
    async renderDocument(input) {
      const result = await bundle.render(input);
      // The web app manifest is the locale's (names, start URL): another locale is another document.
      const manifest = `<link rel="manifest" href="${manifestHref(input.payload.locale)}">`;
      return `${beforeLang}${result.lang}${beforeHead}${result.head}${manifest}${beforeHtml}${result.html}${beforeData}${result.data}${afterData}`;
    },
  };
}
