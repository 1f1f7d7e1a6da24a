/**
 * The newest of two copies of a station's live data: the page's (as the server rendered
 * it, or as stored for offline) and the station list's (kept current by the delta sync,
 * also in the background of an installed app). Per grade the later `setAt` wins, per
 * charge point the later `statusAt`; a grade or charger only one copy has is kept.
 */
import type { ChargePoint } from '#shared/charge-points';
import type { FuelPrice } from '#shared/fuel-prices';

interface Live {
  prices?: readonly FuelPrice[] | undefined;
  chargePoints?: readonly ChargePoint[] | undefined;
}

function newest<T>(a: readonly T[], b: readonly T[], key: (item: T) => string, at: (item: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const item of [...a, ...b]) {
    const held = byKey.get(key(item));
    if (!held || at(item) > at(held)) byKey.set(key(item), item);
  }
  return [...byKey.values()].sort((x, y) => key(x).localeCompare(key(y)));
}

export function newestLiveData(
  page: Live,
  stored: Live | undefined,
): { prices: FuelPrice[]; chargePoints: ChargePoint[] } {
  return {
    prices: newest(
      page.prices ?? [],
      stored?.prices ?? [],
      (price) => price.grade,
      (price) => new Date(price.setAt).toISOString(),
    ),
    chargePoints: newest(
      page.chargePoints ?? [],
      stored?.chargePoints ?? [],
      (point) => point.uid,
      (point) => new Date(point.statusAt).toISOString(),
    ),
  };
}
