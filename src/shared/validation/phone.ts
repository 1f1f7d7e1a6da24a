/**
 * Telephone prefixes and phone parsing (spec §5 "Phone parsing", §9: +358, +47, +46,
 * default FIN|358). Shared by the browser forms and the servers.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** A country code and its calling code, the form of spec §3 `telephonePrefix`. */
export const TELEPHONE_PREFIXES = ['FIN|358', 'NO|47', 'SE|46'] as const;
export type TelephonePrefix = (typeof TELEPHONE_PREFIXES)[number];

export const DEFAULT_TELEPHONE_PREFIX: TelephonePrefix = 'FIN|358';

const CALLING_CODES: ReadonlyArray<readonly [string, TelephonePrefix]> = [
  ['+358', 'FIN|358'],
  ['+47', 'NO|47'],
  ['+46', 'SE|46'],
];

/** libphonenumber's country for a prefix (its ISO code is FI, not FIN). */
const PREFIX_COUNTRY = { 'FIN|358': 'FI', 'NO|47': 'NO', 'SE|46': 'SE' } as const;

export function isTelephonePrefix(value: unknown): value is TelephonePrefix {
  return typeof value === 'string' && (TELEPHONE_PREFIXES as readonly string[]).includes(value);
}

/** '+358' for 'FIN|358'. */
export function callingCode(prefix: TelephonePrefix): string {
  return `+${prefix.split('|')[1] ?? ''}`;
}

/**
 * Splits a stored international number into prefix and national part (spec §5):
 * +358 → FIN|358, +47 → NO|47, +46 → SE|46, the rest as the number; any other
 * number (another country, no '+', nothing after the code) gives null.
 * Spaces and dashes are ignored, so '+358 40 123 4567' works too.
 */
export function parsePhone(input: string): { telephonePrefix: TelephonePrefix; telephoneNumber: string } | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  for (const [code, telephonePrefix] of CALLING_CODES) {
    if (!compact.startsWith(code)) continue;
    const telephoneNumber = compact.slice(code.length);
    if (!/^\d+$/.test(telephoneNumber)) return null;
    return { telephonePrefix, telephoneNumber };
  }
  return null;
}

/**
 * Joins a prefix and a national number into the E.164 form stored for a customer, or
 * null when the number is not a possible number of that country. A national trunk
 * '0' ('040 123 4567' in Finland) is handled by libphonenumber.
 */
export function joinPhone(prefix: TelephonePrefix, telephoneNumber: string): string | null {
  const parsed = parsePhoneNumberFromString(telephoneNumber, PREFIX_COUNTRY[prefix]);
  if (!parsed?.isPossible() || `+${parsed.countryCallingCode}` !== callingCode(prefix)) return null;
  return parsed.number;
}

/** The country order of spec §9 for a prefix picker: the current country, then NO, SE, FI. */
export function telephonePrefixesFor(current: TelephonePrefix): TelephonePrefix[] {
  const rest: TelephonePrefix[] = ['NO|47', 'SE|46', 'FIN|358'];
  return [current, ...rest.filter((prefix) => prefix !== current)];
}
