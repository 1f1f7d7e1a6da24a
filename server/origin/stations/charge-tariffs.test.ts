import { describe, expect, it } from 'vitest';
import { ocpiTariffSchema, type OcpiTariff } from '#shared/api/station-import';
import { implausibleTariff, toChargeTariff } from './charge-tariffs';

const tariff = (elements: OcpiTariff['elements'], currency: OcpiTariff['currency'] = 'EUR'): OcpiTariff =>
  ocpiTariffSchema.parse({
    country_code: currency === 'EUR' ? 'FI' : 'SE',
    party_id: 'ST1',
    id: 'T1',
    currency,
    elements,
    last_updated: '2026-11-25T10:00:00Z',
  });

describe('OCPI tariffs as drivers read them', () => {
  it('adds VAT, turns hourly prices into per minute, and takes the unrestricted element', () => {
    const shown = toChargeTariff(
      tariff([
        { price_components: [{ type: 'ENERGY', price: 9.99, step_size: 1 }], restrictions: { start_time: '22:00' } },
        {
          price_components: [
            { type: 'ENERGY', price: 0.4, vat: 25.5, step_size: 1 },
            { type: 'TIME', price: 1.2, vat: 25.5, step_size: 60 },
            { type: 'FLAT', price: 0.8, vat: 25.5, step_size: 0 },
            { type: 'PARKING_TIME', price: 6, step_size: 60 },
          ],
        },
      ]),
    );
    expect(shown).toEqual({ kwh: 0.502, minute: 0.0251, session: 1.004, parkingMinute: 0.1 });
    // Only restricted elements: the first is shown.
    expect(
      toChargeTariff(tariff([{ price_components: [{ type: 'ENERGY', price: 0.3, step_size: 1 }], restrictions: {} }])),
    ).toEqual({ kwh: 0.3 });
  });

  it('calls prices in cents or öre implausible', () => {
    expect(implausibleTariff(tariff([{ price_components: [{ type: 'ENERGY', price: 0.5, step_size: 1 }] }]))).toBe(
      undefined,
    );
    expect(implausibleTariff(tariff([{ price_components: [{ type: 'ENERGY', price: 50, step_size: 1 }] }]))).toMatch(
      /kWh/,
    );
    expect(
      implausibleTariff(tariff([{ price_components: [{ type: 'TIME', price: 900, step_size: 60 }] }], 'SEK')),
    ).toMatch(/SEK\/h/);
    expect(implausibleTariff(tariff([{ price_components: [{ type: 'FLAT', price: 25, step_size: 0 }] }]))).toMatch(
      /session fee/,
    );
  });

  it('refuses a tariff without elements or with an unknown price type', () => {
    expect(() => tariff([])).toThrow();
    expect(() => tariff([{ price_components: [{ type: 'KWH' as never, price: 0.5, step_size: 1 }] }])).toThrow();
  });
});
