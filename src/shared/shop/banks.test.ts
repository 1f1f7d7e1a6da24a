import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales';
import { BANKS, banksFor, offeredBank } from './api-schema';

describe('banks per country', () => {
  it('offers each locale the banks of its country, and every bank to some country', () => {
    expect(banksFor('fi-FI').map((bank) => bank.id)).toEqual(['nordea', 'op', 'danske', 'spankki', 'aktia']);
    expect(banksFor('en-EU')).toEqual(banksFor('fi-FI'));
    expect(banksFor('sv-SE').map((bank) => bank.id)).toEqual(['nordea', 'danske', 'swedbank', 'seb', 'handelsbanken']);
    expect(banksFor('no-NO').map((bank) => bank.id)).toEqual(['nordea', 'danske', 'handelsbanken', 'dnb', 'sparebank']);
    const offered = new Set(LOCALES.flatMap((locale) => banksFor(locale).map((bank) => bank.id)));
    expect(BANKS.every((bank) => offered.has(bank.id))).toBe(true);
  });

  it('keeps a chosen bank the locale offers, and falls back to its first otherwise', () => {
    expect(offeredBank('sv-SE', 'seb')).toBe('seb');
    expect(offeredBank('sv-SE', 'op')).toBe('nordea');
    expect(offeredBank('no-NO', null)).toBe('nordea');
    expect(offeredBank('fi-FI', undefined)).toBe('nordea');
  });

  it('gives every bank an id the gateway accepts (bank:<a-z>)', () => {
    for (const bank of BANKS) expect(bank.id).toMatch(/^[a-z]{2,20}$/);
  });
});
