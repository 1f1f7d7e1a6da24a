/**
 * Wash (verification) codes: 'ST1-' + digits. Spec §5: spaces removed, prefix 'ST1-' added
 * unless the input already matches ST1-digits, then upper-cased. The match ignores letter
 * case, so 'st1-123' becomes 'ST1-123' rather than 'ST1-ST1-123' (docs/shop.md).
 */
const WASH_CODE = /^ST1-\d+$/i;

export function normaliseVerificationCode(input: string): string {
  const compact = input.replace(/\s+/g, '');
  return (WASH_CODE.test(compact) ? compact : `ST1-${compact}`).toUpperCase();
}

/** True for a normalised code the origin could have issued. */
export function isWashCode(code: string): boolean {
  return /^ST1-\d{6,20}$/.test(code);
}
