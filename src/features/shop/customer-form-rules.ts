/**
 * Field rules of the checkout's customer data (spec §5). The phone number is then read
 * with the one phone rule, `readPhone` of src/shared/validation/phone.ts.
 */
import { PERSON_NAME_RULES } from '@/shared/validation/forms';
import type { FieldRule } from '@/shared/validation/rules';

export const CUSTOMER_FIELD_RULES: Record<string, readonly FieldRule[]> = {
  email: [{ rule: 'required' }, { rule: 'email' }],
  emailConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'email' }],
  firstname: PERSON_NAME_RULES,
  lastname: PERSON_NAME_RULES,
  telephoneNumber: [{ rule: 'required' }, { rule: 'phone' }],
};
