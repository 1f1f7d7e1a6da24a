import { describe, expect, it } from 'vitest';
import { installsShellOnly, splitPrecache } from './precache-plan';

describe('splitPrecache', () => {
  it('keeps the marked app shell for install and the rest for use; unmarked entries count as shell', () => {
    const { shell, onUse } = splitPrecache([
      { url: 'assets/index-a1.js', revision: null, shell: true },
      { url: 'assets/offline-map-b2.js', revision: null, shell: false },
      { url: 'icons/icon-192.png', revision: 'r1', shell: true },
      { url: 'offline.css', revision: 'r2' },
      'assets/legacy-c3.js',
    ]);
    expect(shell.map((entry) => entry.url)).toEqual([
      'assets/index-a1.js',
      'icons/icon-192.png',
      'offline.css',
      'assets/legacy-c3.js',
    ]);
    expect(onUse.map((entry) => entry.url)).toEqual(['assets/offline-map-b2.js']);
  });
});

describe('installsShellOnly', () => {
  it('on Save-Data, 2g and a slow link; the whole precache otherwise', () => {
    expect(installsShellOnly({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(installsShellOnly({ effectiveType: '2g' })).toBe(true);
    expect(installsShellOnly({ effectiveType: '3g', rtt: 800, downlink: 0.25 })).toBe(true);
    expect(installsShellOnly({ effectiveType: '3g', rtt: 400, downlink: 0.35 })).toBe(false);
    expect(installsShellOnly({ effectiveType: '4g', rtt: 100, downlink: 1.5 })).toBe(false);
    expect(installsShellOnly(undefined)).toBe(false);
  });
});
