/**
 * Telephone prefixes and the one phone rule ("Phone parsing"; prefixes +358, +47, +46,
 * default FIN|358), shared by the checkout, registration, My details and both servers
 * (a number accepted in one form is accepted in all). The prefixes themselves are in telephone-prefixes.ts.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { COUNTRIES, COUNTRY_INFO, type Country, type TelephonePrefix } from '../locales';
import { callingCode, TELEPHONE_PREFIXES } from './telephone-prefixes';

/** The country of a prefix: its ISO code, which libphonenumber reads (FI, not FIN). */
const PREFIX_COUNTRY = Object.fromEntries(
  COUNTRIES.map((country) => [COUNTRY_INFO[country].telephonePrefix, country]),
) as Record<TelephonePrefix, Country>;

/** The prefix of a calling code without '+' ('46' → 'SE|46'), or undefined for another country. */
function prefixOfCallingCode(code: string): TelephonePrefix | undefined {
  return TELEPHONE_PREFIXES.find((prefix) => callingCode(prefix) === `+${code}`);
}

/**
 * Splits a stored international number into prefix and national part:
 * +358 → FIN|358, +47 → NO|47, +46 → SE|46, the rest as the number; any other
 * number (another country, no '+', nothing after the code) gives null.
 * Spaces and dashes are ignored, so '+358 40 123 4567' works too.
 */
export function parsePhone(input: string): { telephonePrefix: TelephonePrefix; telephoneNumber: string } | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  for (const telephonePrefix of TELEPHONE_PREFIXES) {
    const code = callingCode(telephonePrefix);
    if (!compact.startsWith(code)) continue;
    const telephoneNumber = compact.slice(code.length);
    if (!/^\d+$/.test(telephoneNumber)) return null;
    return { telephonePrefix, telephoneNumber };
  }
  return null;
}

export interface Phone {
  /** The country the number belongs to. */
  telephonePrefix: TelephonePrefix;
  /** The national significant number, digits only, no trunk '0' ('401234567'). */
  telephoneNumber: string;
  /** E.164, the form stored for a customer ('+358401234567'). */
  e164: string;
}

/**
 * The one phone rule. A number in international form ('+46 70 123 45 67', '0046 …')
 * belongs to its own country whatever prefix is chosen; one in national form
 * ('040 123 4567', '401234567') to the country of `prefix`, and is refused when no prefix
 * is given (the servers store and receive international numbers). Spaces, dashes and
 * brackets are ignored. Null unless the result is a possible number of +358, +46 or +47
 * (libphonenumber's length rules for that country).
 */
export function readPhone(input: string, prefix?: TelephonePrefix): Phone | null {
  const compact = input
    .trim()
    .replace(/[\s\-()]/g, '')
    .replace(/^00/, '+');
  if (!/^\+?\d+$/.test(compact)) return null;
  const international = compact.startsWith('+');
  if (!international && !prefix) return null;
  const parsed = parsePhoneNumberFromString(compact, international ? undefined : PREFIX_COUNTRY[prefix!]);
  if (!parsed?.isPossible()) return null;
  const telephonePrefix = prefixOfCallingCode(parsed.countryCallingCode);
  if (!telephonePrefix) return null;
  return { telephonePrefix, telephoneNumber: parsed.nationalNumber, e164: parsed.number };
}
