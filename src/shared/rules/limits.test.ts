// Tests of shared rules may use Node (tsconfig.app.json); the spec text is read from docs/spec.md.
// eslint-disable-next-line no-restricted-imports -- test-only file read, never bundled
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as limits from './limits';

const spec = readFileSync(new URL('../../../docs/spec.md', import.meta.url), 'utf8');

/** The text of one numbered section of docs/spec.md (the repository's copy of the spec). */
function specSection(number: number): string {
  const start = spec.indexOf(`\n## ${number}. `);
  const end = spec.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error(`docs/spec.md has no section ${number}`);
  return spec.slice(start, end < 0 ? undefined : end);
}

/** The numbers the first match of `pattern` captures in `text`; fails the test when absent. */
function numbers(text: string, pattern: RegExp): number[] {
  const match = pattern.exec(text);
  if (!match) throw new Error(`docs/spec.md §9 no longer says ${pattern}`);
  return match.slice(1).map(Number);
}

describe('limits match the numbers of docs/spec.md §9', () => {
  const limitsText = specSection(9);

  it('statuses and the locale cookie', () => {
    expect(numbers(limitsText, /Fatal error threshold (\d+)/)).toEqual([limits.FATAL_STATUS]);
    expect(numbers(limitsText, /Redirect code (\d+)/)).toEqual([limits.REDIRECT_STATUS]);
    expect(numbers(limitsText, /Locale cookie (\d+) days/)).toEqual([limits.LOCALE_COOKIE_MAX_AGE_S / 86_400]);
  });

  it('breakpoints and the resize debounce', () => {
    const names = Object.keys(limits.BREAKPOINTS) as (keyof typeof limits.BREAKPOINTS)[];
    for (const name of names) {
      expect(numbers(limitsText, new RegExp(`\\b${name} (\\d+)`)), name).toEqual([limits.BREAKPOINTS[name]]);
    }
    expect(numbers(limitsText, /Breakpoints px:.*?resize debounce (\d+) ms/)).toEqual([limits.RESIZE_DEBOUNCE_MS]);
    expect(numbers(limitsText, /overflow hidden (\d+) ms/)).toEqual([limits.HEIGHT_TRANSITION_MS]);
  });

  it('image screens, densities and the video box', () => {
    const screens = Object.keys(limits.SCREENS) as (keyof typeof limits.SCREENS)[];
    for (const screen of screens) {
      expect(numbers(limitsText, new RegExp(`\\b${screen} (\\d+)`)), screen).toEqual([limits.SCREENS[screen]]);
    }
    expect(numbers(limitsText, /Image densities (\d+) and (\d+) by default/)).toEqual([...limits.DEFAULT_DENSITIES]);
    const [width, ratioWidth, ratioHeight] = numbers(limitsText, /Video width (\d+), ratio (\d+):(\d+)/);
    expect(width).toBe(limits.VIDEO_WIDTH);
    expect(limits.VIDEO_HEIGHT).toBe((limits.VIDEO_WIDTH * ratioHeight!) / ratioWidth!);
  });

  it('money', () => {
    expect(numbers(limitsText, /prices rounded to (\d+) decimals/)).toEqual([limits.MONEY_DECIMALS]);
  });

  it('map clustering', () => {
    expect(numbers(limitsText, /radius (\d+) px, padding (\d+) px, max zoom (\d+)/)).toEqual([
      limits.CLUSTER_RADIUS_PX,
      limits.FIT_BOUNDS_PADDING_PX,
      limits.CLUSTER_MAX_ZOOM,
    ]);
    expect(numbers(limitsText, /the larger of (\d+) and the mean cluster size/)).toEqual([
      limits.RED_CLUSTER_MIN_COUNT,
    ]);
  });

  it('prefetch and reloads', () => {
    expect(numbers(limitsText, /Prefetch (\d+) ms after load/)).toEqual([limits.PREFETCH_DELAY_MS]);
    expect(numbers(limitsText, /route-change delay up to (\d+) ms/)).toEqual([limits.ROUTE_CHANGE_DELAY_MS]);
    expect(numbers(limitsText, /route reload guard (\d+) ms/)).toEqual([limits.RELOAD_GUARD_MS]);
    expect(numbers(limitsText, /at most (\d+) concurrent route preloads/)).toEqual([limits.MAX_CONCURRENT_PREFETCHES]);
  });
});

describe("the shop's and the forms' own limits", () => {
  it('are whole positive numbers the schemas can use', () => {
    for (const value of [limits.MAX_QUANTITY, limits.MAX_CART_LINES, limits.EMAIL_MAX_LENGTH, limits.NAME_MAX_LENGTH]) {
      expect(Number.isInteger(value) && value > 0).toBe(true);
    }
  });

  it('keep the values docs/shop.md and the contact forms promise', () => {
    expect(limits.MAX_QUANTITY).toBe(50);
    expect(limits.MAX_CART_LINES).toBe(30);
    expect(limits.EMAIL_MAX_LENGTH).toBe(254);
    expect(limits.NAME_MAX_LENGTH).toBe(100);
  });
});
