/**
 * What the server hands the browser in the document: a JSON script (not executable, so
 * the CSP needs no inline-script exception) with the router basename and the payload.
 */
import { jsonForScript } from './head';
import type { PagePayload } from './payload';

export const BOOT_ELEMENT_ID = '__st1_boot';

/**
 * Site configuration the browser may see, listed explicitly (docs/style.md rule 7): it comes from
 * the site server's environment (server/site/config.ts).
 */
export interface PublicConfig {
  /** Google Maps JavaScript API key (GOOGLE_MAPS_API_KEY); absent: no map, the list alone. */
  googleMapsApiKey?: string;
}

export interface BootData {
  basename: string;
  payload: PagePayload;
  publicConfig?: PublicConfig;
  /** When the server rendered this document (epoch ms): hydration shows the same day (src/ui/render-date.ts). */
  renderedAt?: number;
  /**
   * The query string ("?view=map") the server rendered this document for; absent for none.
   * A saved copy the service worker shows for another query (offline, `/asemahaku` for
   * `/asemahaku?view=map`) is rendered anew instead of hydrated (src/entry-client.tsx).
   */
  renderedSearch?: string;
}

/**
 * The JSON text of each layout object served: the site server keeps one layout object per
 * locale and version (server/site/payload-service.ts), so every page of a locale hands the
 * same object here, and its navigation and footer (half the boot data) are written once.
 */
const layoutJson = new WeakMap<object, string>();

function jsonOfLayout(layout: object): string {
  let json = layoutJson.get(layout);
  if (json === undefined) {
    json = jsonForScript(layout);
    layoutJson.set(layout, json);
  }
  return json;
}

/**
 * JSON that is safe inside <script>: no "</script>" or "<!--" can close or confuse it.
 * Assembled from valid JSON parts (the layout's from the cache above); the same value as
 * `jsonForScript(data)`, with the payload's layout written first.
 */
export function serializeBootData(data: BootData): string {
  const { layout, ...page } = data.payload;
  if (!layout) return jsonForScript(data);
  const { payload: _payload, ...boot } = data;
  return `{"payload":${withLayoutFirst(jsonOfLayout(layout), jsonForScript(page))}${afterFirst(jsonForScript(boot))}`;
}

/** An object's JSON with a "layout" member put first. */
function withLayoutFirst(layoutJson: string, restJson: string): string {
  return `{"layout":${layoutJson}${afterFirst(restJson)}`;
}

/** The rest of an object's JSON after a first member written before it: `,"a":1}`, or `}` for `{}`. */
function afterFirst(objectJson: string): string {
  return objectJson === '{}' ? '}' : `,${objectJson.slice(1)}`;
}
