/**
 * Field rules of the checkout's customer data (spec §5). The phone number is then read
 * with the one phone rule, `readPhone` of src/shared/validation/phone.ts.
 */
import type { FieldRule } from '@/shared/validation/rules';

export const CUSTOMER_FIELD_RULES: Record<string, readonly FieldRule[]> = {
  email: [{ rule: 'required' }, { rule: 'email' }],
  emailConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'email' }],
  firstname: [{ rule: 'required' }, { rule: 'maxLength', value: 100 }, { rule: 'containsForbiddenSymbols' }],
  lastname: [{ rule: 'required' }, { rule: 'maxLength', value: 100 }, { rule: 'containsForbiddenSymbols' }],
  telephoneNumber: [{ rule: 'required' }, { rule: 'phone' }],
};
