/**
 * Brand colour themes (spec §3 "Brand colours"): primary, secondary and tertiary of each
 * brand. A page picks one with `content.theme`; the page wrapper then carries
 * `data-theme`, and src/features/content/components/themes.css turns that into the CSS
 * custom properties --theme-primary, --theme-secondary, --theme-tertiary and the text
 * colours on them (--theme-on-*), chosen by the colour-text rule of spec §5.
 */
import type { PageContent } from './content-schema';
import { textToneFor, type TextTone } from './colour-text';

export type ThemeName = NonNullable<PageContent['theme']>;

export interface ThemeColours {
  primary: string;
  secondary: string;
  tertiary: string;
}

export const THEMES: Readonly<Record<ThemeName, ThemeColours>> = {
  /** Car wash: yellow, light grey, red. */
  carWash: { primary: '#ffd100', secondary: '#ededed', tertiary: '#c8102e' },
  /** Sports resort: blue, grey, orange. */
  sportsResort: { primary: '#0057b8', secondary: '#d0d3d4', tertiary: '#f26b21' },
  /** Pearl: dark green, cream, pink. */
  pearl: { primary: '#00513f', secondary: '#f5ebdc', tertiary: '#e8a0bf' },
  /** Dirt: teal, light grey, pink. */
  dirt: { primary: '#00827f', secondary: '#ededed', tertiary: '#f4a6c0' },
};

/** Text colours that the light and dark tones stand for. */
const TEXT_COLOURS: Readonly<Record<TextTone, string>> = { light: '#ffffff', dark: '#1a1a1a' };

/** The CSS custom properties of a theme, as the stylesheet declares them. */
export function themeProperties(name: ThemeName): Record<string, string> {
  const colours = THEMES[name];
  const properties: Record<string, string> = {};
  for (const role of ['primary', 'secondary', 'tertiary'] as const) {
    properties[`--theme-${role}`] = colours[role];
    properties[`--theme-on-${role}`] = TEXT_COLOURS[textToneFor(colours[role])];
  }
  return properties;
}
