import type { StationCountry } from '#shared/stations';

/** Spec §9: the current country first, then NO, SE, FI. */
export function countryOrder(current: StationCountry): StationCountry[] {
  return [current, ...(['NO', 'SE', 'FI'] as const).filter((country) => country !== current)];
}
