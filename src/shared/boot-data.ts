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

/** JSON that is safe inside <script>: no "</script>" or "<!--" can close or confuse it. */
export function serializeBootData(data: BootData): string {
  return jsonForScript(data);
}
