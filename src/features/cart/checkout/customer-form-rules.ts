/** Field rules of the checkout's customer data (spec §5), and the phone number's form. */
import type { FieldRule } from '../../../shared/validation/rules';
import { joinPhone, parsePhone, type TelephonePrefix } from '../../../shared/validation/phone';

export const CUSTOMER_FIELD_RULES: Record<string, readonly FieldRule[]> = {
  email: [{ rule: 'required' }, { rule: 'email' }],
  emailConfirmation: [{ rule: 'required' }, { rule: 'equals', field: 'email' }],
  firstname: [{ rule: 'required' }, { rule: 'maxLength', value: 100 }, { rule: 'containsForbiddenSymbols' }],
  lastname: [{ rule: 'required' }, { rule: 'maxLength', value: 100 }, { rule: 'containsForbiddenSymbols' }],
  telephoneNumber: [{ rule: 'required' }, { rule: 'phone' }],
};

/**
 * The national part the origin stores ('401234567'), or null when the number is not a
 * possible number of the chosen country. '040 123 4567' and '+358 40 123 4567' both work.
 */
export function nationalNumber(prefix: TelephonePrefix, input: string): string | null {
  const parsed = parsePhone(input);
  const e164 = parsed ? joinPhone(parsed.telephonePrefix, parsed.telephoneNumber) : joinPhone(prefix, input);
  if (!e164) return null;
  return parsePhone(e164)?.telephoneNumber ?? null;
}
