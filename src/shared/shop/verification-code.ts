/**
 * Wash (verification) codes: 'ST1-' + digits. Spec §5: spaces removed, prefix 'ST1-' added
 * unless the input already carries it, then upper-cased. This is the one copy of the rule:
 * the origin applies it to what the customer typed (wash-code check and redeem), and the
 * browser sends the code as typed, so it is applied exactly once (issue 11: 'ABC' checked
 * as 'ST1-ST1-ABC' when both sides normalised).
 *
 * "Unless it already matches ST1-digits" is read as "unless it already starts with ST1-",
 * in any letter case (docs/shop.md): 'st1-123' is 'ST1-123', and 'ST1-ABC' stays 'ST1-ABC'
 * (an unknown code) rather than becoming 'ST1-ST1-ABC'. For every input the spec's wording
 * covers (digits, or ST1- and digits) the result is the same; the reading also makes the
 * rule idempotent, so a code already normalised is left as it is.
 */
const PREFIX = /^ST1-/i;

export function normaliseVerificationCode(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return (PREFIX.test(compact) ? compact : `ST1-${compact}`).toUpperCase();
}

/** True for a normalised code the origin could have issued. */
export function isWashCode(code: string): boolean {
  return /^ST1-\d{6,20}$/.test(code);
}
