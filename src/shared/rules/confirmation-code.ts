/**
 * The six-digit code mailed beside the confirmation link, as typed: spaces and dashes are
 * dropped first ("609 459", "609-459", "609–459"), as wash codes ignore them. The browser
 * sends it so, and the origin reads it so (src/shared/api/customers.ts).
 */
export function normaliseConfirmationCode(typed: string): string {
  return typed.replace(/[\s\p{Pd}\u2212]+/gu, '');
}
