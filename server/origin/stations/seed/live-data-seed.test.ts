import { describe, expect, it } from 'vitest';
import { implausiblePrice } from '#shared/fuel-prices';
import { COUNTRY_INFO } from '#shared/locales';
import { generateSeedLiveData } from './live-data-seed';
import { generateSeedStations } from './stations-seed';

describe('seeded live data', () => {
  it('is deterministic for a moment, plausible, for the grades sold, with chargers at EV stations only', async () => {
    const stations = await generateSeedStations('content', { total: 260 });
    const now = new Date('2026-11-25T12:00:00Z');
    const [first, second] = await Promise.all([
      generateSeedLiveData('content', stations, now),
      generateSeedLiveData('content', stations, now),
    ]);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
    const byId = new Map(stations.map((station) => [station.id, station]));
    for (const price of first.prices) {
      const station = byId.get(price.stationId)!;
      expect(station.services).toContain(price.grade);
      expect(price.currency).toBe(COUNTRY_INFO[station.country].currency);
      expect(implausiblePrice(price.priceMilli / 1000, COUNTRY_INFO[station.country].currency)).toBeNull();
      // Seven days of history, the newest an hour or more before the moment of seeding.
      expect(Date.parse(price.setAt)).toBeLessThanOrEqual(now.getTime() - 3_600_000);
      expect(Date.parse(price.setAt)).toBeGreaterThan(now.getTime() - 7 * 86_400_000);
    }
    const charging = new Set(first.chargePoints.map((point) => point.stationId));
    for (const station of stations) {
      const ev = station.services.some((code) => code === 'evCharging' || code.startsWith('elbilsladdning'));
      expect(charging.has(station.id)).toBe(ev);
    }
    // Chain-wide change instants: few distinct times a day per country, not one per price.
    expect(new Set(first.prices.map((price) => price.setAt)).size).toBeLessThanOrEqual(3 * 3 * 7);
  });
});
