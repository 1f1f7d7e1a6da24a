/**
 * Field rules of the checkout's customer data (src/shared/rules). The phone number is then read
 * with the one phone rule, `readPhone` of src/shared/rules/phone.ts.
 */
import { PERSON_NAME_RULES } from '#shared/rules/forms';
import type { FieldRule } from '#shared/rules/validation';

const BASE_RULES = {
  email: [{ rule: 'required' }, { rule: 'email' }],
  // Compared as the origin matches addresses (any case, trimmed), as registration's is.
  emailConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'email', as: 'email' }],
  firstname: PERSON_NAME_RULES,
  lastname: PERSON_NAME_RULES,
} satisfies Record<string, readonly FieldRule[]>;

/**
 * The phone is required only when a text message is wanted (`phoneNeeded` of
 * src/shared/shop/api-schema.ts, the origin's rule too); a phone typed anyway must be valid.
 */
export function customerFieldRules(phoneRequired: boolean): Record<string, readonly FieldRule[]> {
  return {
    ...BASE_RULES,
    telephoneNumber: phoneRequired ? [{ rule: 'required' }, { rule: 'phone' }] : [{ rule: 'phone' }],
  };
}
