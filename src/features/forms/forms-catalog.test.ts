/**
 * Every validation rule has its message in every locale's `forms` catalog, compiled as
 * the app compiles it, with the number filled in where the text has one; the English
 * wording is the spec's (§5, §8).
 */
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { RULE_NAMES, validateField, type FieldRule } from '#shared/rules/validation';

const catalogs: Record<string, () => Promise<{ messages: Messages }>> = {
  'fi-FI': () => import('../../../locales/fi-FI/forms.po'),
  'en-EU': () => import('../../../locales/en-EU/forms.po'),
  'sv-SE': () => import('../../../locales/sv-SE/forms.po'),
  'no-NO': () => import('../../../locales/no-NO/forms.po'),
};

async function i18nFor(locale: string) {
  const { messages } = await catalogs[locale]!();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** One failing value per rule, so that every message is produced by the real rule. */
const failing: Record<(typeof RULE_NAMES)[number], [FieldRule, unknown]> = {
  required: [{ rule: 'required' }, ''],
  email: [{ rule: 'email' }, 'nope'],
  phone: [{ rule: 'phone' }, 'abc'],
  internationalPhone: [{ rule: 'internationalPhone' }, '0401234567'],
  number: [{ rule: 'number' }, '12a'],
  minLength: [{ rule: 'minLength', value: 7 }, 'abc'],
  maxLength: [{ rule: 'maxLength', value: 7 }, 'abcdefghij'],
  minValue: [{ rule: 'minValue', value: 7 }, '3'],
  maxValue: [{ rule: 'maxValue', value: 7 }, '30'],
  equals: [{ rule: 'equals', field: 'other' }, 'a'],
  matches: [{ rule: 'matches', pattern: '\\d+' }, 'x'],
  roundTo: [{ rule: 'roundTo', value: 7 }, '8'],
  maxDecimals: [{ rule: 'maxDecimals', value: 7 }, '1.123456789'],
  containsForbiddenSymbols: [{ rule: 'containsForbiddenSymbols' }, '<b>'],
  checkedAmount: [{ rule: 'checkedAmount', value: 7 }, ['a']],
};

describe.each(Object.keys(catalogs))('forms catalog %s', (locale) => {
  it.each(RULE_NAMES)('has a message for %s, with the rule value filled in', async (rule) => {
    const i18n = await i18nFor(locale);
    const [definition, value] = failing[rule];
    const message = validateField(value as never, [definition], { other: 'b' });
    expect(message?.id).toBe(`validation.${rule}`);
    const text = i18n._(message!.id, message!.values);
    expect(text).not.toBe(message!.id);
    expect(text).not.toContain('{');
    expect(text.includes('7')).toBe('value' in definition);
  });
});

describe('English wording (spec §5, §8)', () => {
  it.each([
    ['validation.required', {}, 'This field is required'],
    ['validation.email', {}, 'Fill in the email address'],
    ['validation.phone', {}, 'Fill in the phone number'],
    ['validation.internationalPhone', {}, 'Fill in the phone number including the country code'],
    ['validation.number', {}, 'No letters allowed'],
    ['validation.minLength', { ruleValue: 3 }, 'Field must contain at least 3 characters'],
    ['validation.maxLength', { ruleValue: 3 }, 'The maximum character limit 3 has been exceeded'],
    ['validation.minValue', { ruleValue: 3 }, 'Minimal value must be 3'],
    ['validation.maxValue', { ruleValue: 3 }, 'Maximum value must be 3'],
    ['validation.equals', {}, 'Fields do not match'],
    ['validation.containsForbiddenSymbols', {}, 'Field contains forbidden symbols'],
    ['validation.maxDecimals', { ruleValue: 2 }, 'The maximum number of decimal places is 2'],
    ['forms.submit-failed', {}, 'Could not submit form, try again later'],
  ])('%s', async (id, values, expected) => {
    const i18n = await i18nFor('en-EU');
    expect(i18n._(id, values)).toBe(expected);
  });
});
