/**
 * The phone rule of registration and My details (docs/accounts.md): the number must be
 * one `readPhone` accepts for the chosen prefix, which the field rules cannot express.
 */
import type { FieldMessage } from '@/ui/form/use-form-fields';
import { phoneNumberOf } from './shared-fields';
import { VALIDATION_MESSAGE_IDS } from '#shared/rules/validation-message-ids';

export function phoneCheck(values: {
  telephonePrefix: string;
  telephoneNumber: string;
}): Record<string, FieldMessage> | null {
  return phoneNumberOf(values.telephonePrefix, values.telephoneNumber) === null
    ? { telephoneNumber: { id: VALIDATION_MESSAGE_IDS.phone } }
    : null;
}
