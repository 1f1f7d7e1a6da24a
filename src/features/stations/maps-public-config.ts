/** The Maps API key of the site configuration, from the document's boot data (src/shared/boot-data.ts). */
import { BOOT_ELEMENT_ID, type BootData } from '#shared/boot-data';

let cached: string | null | undefined;

export function mapsApiKey(): string | null {
  if (cached !== undefined) return cached;
  if (typeof document === 'undefined') return null;
  try {
    const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as Partial<BootData>;
    cached = boot.publicConfig?.googleMapsApiKey ?? null;
  } catch {
    cached = null;
  }
  return cached;
}
