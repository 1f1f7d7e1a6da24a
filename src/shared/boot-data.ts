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
  const rest = jsonForScript(page);
  const payload = `{"layout":${jsonOfLayout(layout)}${rest === '{}' ? '' : `,${rest.slice(1)}`}`;
  const config = data.publicConfig ? `,"publicConfig":${jsonForScript(data.publicConfig)}` : '';
  return `{"basename":${jsonForScript(data.basename)},"payload":${payload}${config}}`;
}
