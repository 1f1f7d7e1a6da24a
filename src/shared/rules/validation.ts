/**
 * The form validation rules (docs/spec.md §5), one module for the browser forms and the
 * servers that re-check what they receive. A rule list describes one field; the first
 * failing rule gives the message: a Lingui id `validation.<rule>` from the `forms`
 * catalog (locales/{locale}/forms.po) and, where the text has a number, `{ ruleValue }`.
 *
 * Every rule but `required` (and `checkedAmount`, which counts choices) passes an empty
 * value, so optional fields may stay empty.
 */
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { normaliseEmail } from './email';
import { EMAIL_MAX_LENGTH } from './limits';
import type { FieldRule, RuleName } from './field-rule';
import { VALIDATION_MESSAGE_IDS } from './validation-message-ids';

export type { FieldRule, RuleName };

export const RULE_NAMES = [
  'required',
  'email',
  'phone',
  'internationalPhone',
  'number',
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'equals',
  'matches',
  'roundTo',
  'maxDecimals',
  'containsForbiddenSymbols',
  'checkedAmount',
] as const satisfies readonly RuleName[];

/** What a form field can hold: text, a checkbox, a group of checked option values. */
export type FieldValue = string | number | boolean | readonly string[] | null | undefined;

export interface ValidationMessage {
  /** Lingui id in the `forms` catalog (validation-message-ids.ts), e.g. 'validation.minLength'. */
  id: (typeof VALIDATION_MESSAGE_IDS)[RuleName];
  values?: { ruleValue: number };
}

/**
 * Characters refused in free text: markup and template delimiters and control
 * characters. Letters of every alphabet, digits and ordinary punctuation
 * (.,:;!?'"()-/&@%+€#*) stay allowed so that names such as O'Brien or Åsa-Märta pass.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const FORBIDDEN_SYMBOLS = /[<>{}[\]\\`^|~$\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A practical e-mail check: one @, no spaces, a dot in the domain, RFC 5321 length. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

function asText(value: FieldValue): string {
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') return value.trim();
  return value.join(',');
}

function isEmpty(value: FieldValue): boolean {
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return value.length === 0;
  return asText(value) === '';
}

/** A decimal number written with a dot or a comma, or null. */
function parseDecimal(value: FieldValue): number | null {
  const text = asText(value).replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function decimalsOf(value: FieldValue): number {
  const text = asText(value).replace(',', '.');
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Digits only, with the usual separators (spaces, dashes, brackets) and an optional '+'. */
function isPlausiblePhone(text: string): boolean {
  const digits = text.replace(/[\s\-()]/g, '');
  return /^\+?\d{5,15}$/.test(digits);
}

function isInternationalPhone(text: string): boolean {
  const compact = text.replace(/[\s\-()]/g, '').replace(/^00/, '+');
  return compact.startsWith('+') && isPossiblePhoneNumber(compact);
}

/** Whether `value` is a multiple of `step`, tolerant of binary fractions (0.1 + 0.2). */
function isMultipleOf(value: number, step: number): boolean {
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

function check(rule: FieldRule, value: FieldValue, form: Readonly<Record<string, FieldValue>>): boolean {
  if (rule.rule === 'required') return !isEmpty(value);
  if (rule.rule === 'checkedAmount') return (Array.isArray(value) ? value.length : 0) === rule.value;
  if (isEmpty(value)) return true;
  const text = asText(value);
  switch (rule.rule) {
    case 'email':
      return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
    case 'phone':
      return isPlausiblePhone(text);
    case 'internationalPhone':
      return isInternationalPhone(text);
    case 'number':
      return /^\d+$/.test(text);
    case 'minLength':
      return [...text].length >= rule.value;
    case 'maxLength':
      return [...text].length <= rule.value;
    case 'minValue': {
      const number = parseDecimal(value);
      return number !== null && number >= rule.value;
    }
    case 'maxValue': {
      const number = parseDecimal(value);
      return number !== null && number <= rule.value;
    }
    case 'equals': {
      const other = asText(form[rule.field]);
      return rule.as === 'email' ? normaliseEmail(text) === normaliseEmail(other) : text === other;
    }
    case 'matches':
      return new RegExp(`^(?:${rule.pattern})$`, 'u').test(text);
    case 'roundTo': {
      const number = parseDecimal(value);
      return number !== null && isMultipleOf(number, rule.value);
    }
    case 'maxDecimals':
      return parseDecimal(value) !== null && decimalsOf(value) <= rule.value;
    case 'containsForbiddenSymbols':
      return !FORBIDDEN_SYMBOLS.test(text);
  }
}

function messageFor(rule: FieldRule): ValidationMessage {
  const id = VALIDATION_MESSAGE_IDS[rule.rule];
  return 'value' in rule ? { id, values: { ruleValue: rule.value } } : { id };
}

/**
 * The message of the first rule that `value` breaks, or null when it passes them all.
 * `form` holds the other fields' values, for `equals`.
 */
export function validateField(
  value: FieldValue,
  rules: readonly FieldRule[],
  form: Readonly<Record<string, FieldValue>> = {},
): ValidationMessage | null {
  for (const rule of rules) {
    if (!check(rule, value, form)) return messageFor(rule);
  }
  return null;
}

/** Checks every field of a form; the result holds only the fields that fail. */
export function validateForm(
  values: Readonly<Record<string, FieldValue>>,
  rulesByField: Readonly<Record<string, readonly FieldRule[]>>,
): Record<string, ValidationMessage> {
  const errors: Record<string, ValidationMessage> = {};
  for (const [field, rules] of Object.entries(rulesByField)) {
    const message = validateField(values[field], rules, values);
    if (message) errors[field] = message;
  }
  return errors;
}
