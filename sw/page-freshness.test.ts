import { describe, expect, it } from 'vitest';
import { pageFreshness } from './page-freshness';

const at = (path: string) => new URL(path, 'https://st1.example');

describe('pageFreshness', () => {
  const everyLocale = pageFreshness(undefined);

  it('shows the start page and the station locator of every locale from the saved copy first', () => {
    for (const path of ['/', '/asemahaku', '/en-EU', '/en-EU/', '/en-EU/stationsearch', '/sv-SE/hitta-station']) {
      expect(everyLocale(at(path)), path).toBe('saved-first');
    }
  });

  it('needs the cart, the checkout with its confirmation and the account pages fresh', () => {
    for (const path of [
      '/ostoskori',
      '/kassa',
      '/kassa/vahvistus',
      '/en-EU/cart',
      '/no-NO/kasse/bekreftelse',
      '/oma-tili',
      '/oma-tili/kirjaudu',
      '/sv-SE/mitt-konto/kort',
    ]) {
      expect(everyLocale(at(path)), path).toBe('fresh-required');
    }
  });

  it('asks the network first for every other page, also for names that only begin like a fresh one', () => {
    for (const path of ['/yrityksille', '/asemat/helsinki-teollisuuskatu', '/kassakone', '/en-EU/company', '/haku']) {
      expect(everyLocale(at(path)), path).toBe('network-first');
    }
  });

  it("knows the host's paths without a locale prefix in domain mode", () => {
    const swedishHost = pageFreshness('sv-SE');
    expect(swedishHost(at('/'))).toBe('saved-first');
    expect(swedishHost(at('/hitta-station'))).toBe('saved-first');
    expect(swedishHost(at('/varukorg'))).toBe('fresh-required');
    expect(swedishHost(at('/asemahaku'))).toBe('network-first');
  });
});
