/**
 * The colour-text rule (docs/spec.md §5): text on a CMS background colour is light when the
 * colour is dark (luminance below 110 on a 0–255 scale) and dark otherwise; a value that
 * is not a 3- or 6-digit hex colour gets dark text.
 */
export type TextTone = 'light' | 'dark';

/** Below this luminance (0–255) the background counts as dark. */
const LIGHT_TEXT_BELOW = 110;

/** The red, green and blue channels (0–255) of '#rgb' or '#rrggbb', or undefined when invalid. */
export function parseHexColour(value: string): [number, number, number] | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const hex = match[1]!;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

/** Perceived luminance 0.299R + 0.587G + 0.114B (ITU-R BT.601 weights), 0–255. */
export function luminance([red, green, blue]: [number, number, number]): number {
  return 0.299 * red + 0.587 * green + 0.114 * blue;
}

/** The tone of text on a background colour. */
export function textToneFor(background: string | undefined): TextTone {
  const rgb = background === undefined ? undefined : parseHexColour(background);
  if (!rgb) return 'dark';
  return luminance(rgb) < LIGHT_TEXT_BELOW ? 'light' : 'dark';
}
