import { describe, expect, it } from 'vitest';
import { validateForm } from '#shared/rules/validation';
import { customerFieldRules } from './customer-form-rules';

const customer = {
  email: 'Anna.Virtanen@Example.com',
  emailConfirmation: 'anna.virtanen@example.com',
  firstname: 'Anna',
  lastname: 'Virtanen',
  telephoneNumber: '',
};

describe('the checkout customer rules', () => {
  it('accept the e-mail again in another case: one address, as the origin matches it', () => {
    expect(validateForm(customer, customerFieldRules(false))).toEqual({});
  });

  it('refuse another address in the e-mail again field', () => {
    const errors = validateForm({ ...customer, emailConfirmation: 'anna@example.org' }, customerFieldRules(false));
    expect(errors).toEqual({ emailConfirmation: { id: 'validation.equals' } });
  });

  it('ask for a phone only when a text message is wanted', () => {
    expect(validateForm({ ...customer, emailConfirmation: customer.email }, customerFieldRules(true))).toEqual({
      telephoneNumber: { id: 'validation.required' },
    });
  });
});
