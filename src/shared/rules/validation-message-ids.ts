/**
 * The message id of each validation rule (validation.ts), written out so that
 * `lingui extract` finds them. lingui.config.ts assigns this file to the `forms` catalog,
 * which every form's chunk loads.
 */
import type { RuleName } from './field-rule';

export const VALIDATION_MESSAGE_IDS = {
  required: /*i18n*/ 'validation.required',
  email: /*i18n*/ 'validation.email',
  phone: /*i18n*/ 'validation.phone',
  internationalPhone: /*i18n*/ 'validation.internationalPhone',
  number: /*i18n*/ 'validation.number',
  minLength: /*i18n*/ 'validation.minLength',
  maxLength: /*i18n*/ 'validation.maxLength',
  minValue: /*i18n*/ 'validation.minValue',
  maxValue: /*i18n*/ 'validation.maxValue',
  equals: /*i18n*/ 'validation.equals',
  matches: /*i18n*/ 'validation.matches',
  roundTo: /*i18n*/ 'validation.roundTo',
  maxDecimals: /*i18n*/ 'validation.maxDecimals',
  containsForbiddenSymbols: /*i18n*/ 'validation.containsForbiddenSymbols',
  checkedAmount: /*i18n*/ 'validation.checkedAmount',
} as const satisfies { [rule in RuleName]: `validation.${rule}` };
