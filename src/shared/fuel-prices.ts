/**
 * Fuel prices at a station: the grades a price is given for, the unit each is sold in, and
 * what counts as a plausible price in each currency (the import refuses anything else;
 * docs/stations.md "Fuel prices"). Shared by the origin (import, seed) and the browser
 * (cards, the station page, the locator's price sort).
 */
/** Graded fuels with a pump price, named by their service codes (spec §3). */
export const FUEL_GRADES = ['95', '98', 'diesel', 'HVO', 'e85', 'cng', 'lbg'] as const;
export type FuelGrade = (typeof FUEL_GRADES)[number];

/** Liquid fuels are priced per litre, compressed and liquefied biogas per kilogram. */
export const GRADE_UNIT: Record<FuelGrade, 'l' | 'kg'> = {
  '95': 'l',
  '98': 'l',
  diesel: 'l',
  HVO: 'l',
  e85: 'l',
  cng: 'kg',
  lbg: 'kg',
};

export type PriceCurrency = 'EUR' | 'SEK' | 'NOK';

/**
 * Plausible pump prices per litre or kilogram, by currency. Wide enough for any real price
 * of the last decades in the Nordics (euro 0.50–5.00; crowns 5–50), narrow enough to
 * catch the usual feed mistakes: a price in cents (189.9), in thousandths (1899), in the
 * wrong currency (18.99 EUR) or a zero.
 */
const PLAUSIBLE_PRICE: Record<PriceCurrency, { min: number; max: number }> = {
  EUR: { min: 0.5, max: 5 },
  SEK: { min: 5, max: 50 },
  NOK: { min: 5, max: 50 },
};

/** Pump prices carry at most three decimals (1.899 €/l). */
export const PRICE_DECIMALS = 3;

/** One grade's current price at a station, in the country's currency, and when it was set. */
export interface FuelPrice {
  grade: FuelGrade;
  price: number;
  /** ISO 8601 instant the station or feed set this price. */
  setAt: string;
}

export function isFuelGrade(value: unknown): value is FuelGrade {
  return typeof value === 'string' && (FUEL_GRADES as readonly string[]).includes(value);
}

/** Why a price is not plausible in a currency, or null when it is. */
export function implausiblePrice(price: number, currency: PriceCurrency): string | null {
  const { min, max } = PLAUSIBLE_PRICE[currency];
  if (!Number.isFinite(price)) return 'is not a number';
  if (price < min || price > max)
    return `${price} ${currency} is outside the plausible ${min}–${max} ${currency} per litre or kilogram`;
  if (Math.round(price * 10 ** PRICE_DECIMALS) / 10 ** PRICE_DECIMALS !== price)
    return `${price} has more than ${PRICE_DECIMALS} decimals`;
  return null;
}

/** The current price of a grade at a station, if it has one. */
export function priceOf(
  station: { prices?: readonly FuelPrice[] | undefined },
  grade: FuelGrade,
): FuelPrice | undefined {
  return station.prices?.find((entry) => entry.grade === grade);
}
