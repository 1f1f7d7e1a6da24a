/**
 * Wash (verification) codes: 'ST1-' + digits. Spec §5: spaces removed, prefix 'ST1-' added
 * unless the input already carries it, then upper-cased. This is the one copy of the rule:
 * the origin applies it to what the customer typed (wash-code check and redeem), and the
 * browser sends the code as typed, so it is applied exactly once (when both sides
 * normalised, 'ABC' was checked as 'ST1-ST1-ABC').
 *
 * "Unless it already matches ST1-digits" is read as "unless it already starts with ST1",
 * in any letter case and with or without the dash (docs/shop.md): 'st1-123' and 'ST1 123'
 * are 'ST1-123', and 'ST1-ABC' stays 'ST1-ABC' (an unknown code) rather than becoming
 * 'ST1-ST1-ABC'. For every input the spec's wording covers (digits, or ST1- and digits)
 * the result is the same; the reading also makes the rule idempotent.
 */
/*
 * Any dash counts: the hyphen-minus, and the en dash, em dash, minus sign and the like that
 * phone keyboards and word processors put in its place ('ST1–3157 0483 0822').
 */
/** 'ST1' at the start, in any case, with any spaces or dashes after it. */
const PREFIX = /^ST1[\p{Pd}\u2212\s]*/iu;
/** The separators customers type inside a code as printed ('3157 0483 0822', '3157-0483-0822', '3157–0483'). */
const SEPARATORS = /[\p{Pd}\u2212\s]+/gu;

/**
 * Codes are typed as printed on a receipt or gift card: 'ST1 315704830822',
 * 'st1 3157 0483 0822', '3157-0483-0822' are all 'ST1-315704830822'. The prefix is read
 * with or without its dash; spaces and dashes inside the code are dropped.
 */
export function normaliseVerificationCode(input: string): string {
  const body = input.trim().replace(PREFIX, '').replace(SEPARATORS, '');
  return `ST1-${body}`.toUpperCase();
}
/** True for a normalised code the origin could have issued. */
export function isWashCode(code: string): boolean {
  return /^ST1-\d{6,20}$/.test(code);
}
