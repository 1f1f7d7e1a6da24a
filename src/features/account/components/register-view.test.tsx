// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, register } from '../api/account-api';
import { control, renderAccountView, text } from './account-test-support';
import { RegisterView } from './register-view';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  register: vi.fn(),
}));

const registerMock = vi.mocked(register);
beforeEach(() => {
  registerMock.mockReset();
});
afterEach(cleanup);

async function type(id: string, value: string) {
  fireEvent.change(await control(id), { target: { value } });
}

async function fillValid(overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'account.field.firstname': 'Maija',
    'account.field.lastname': 'Meikäläinen',
    'account.field.email': ' maija@example.com ',
    'account.field.email-confirmation': ' maija@example.com ',
    'forms.field.phone': '040 123 4567',
    'account.field.new-password': 'a good password',
    'account.field.password-confirmation': 'a good password',
    ...overrides,
  };
  for (const [id, value] of Object.entries(values)) await type(id, value);
  fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(await text('account.register.terms')) }));
}

async function send() {
  fireEvent.click(screen.getByRole('button', { name: await text('account.register.submit') }));
}

describe('RegisterView', () => {
  it('shows "required" beside every required field sent empty, focuses the first, and sends nothing', async () => {
    await renderAccountView(<RegisterView />);
    await send();
    // First and last name, e-mail and its confirmation, password and its confirmation, terms.
    expect(await screen.findAllByText(await text('validation.required'))).toHaveLength(7);
    const firstname = await control('account.field.firstname');
    await waitFor(() => expect(document.activeElement).toBe(firstname));
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs and a number the phone rule refuses', async () => {
    await renderAccountView(<RegisterView />);
    await fillValid({ 'account.field.email-confirmation': 'maija@example.org' });
    await send();
    expect(await screen.findByText(await text('validation.equals'))).toBeTruthy();
    expect(registerMock).not.toHaveBeenCalled();

    await type('account.field.email-confirmation', 'maija@example.com');
    // Fifteen digits pass the field's pattern but are no possible Finnish number.
    await type('forms.field.phone', '123456789012345');
    await send();
    const phone = await control('forms.field.phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(await text('validation.phone'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('takes a confirmation that differs from the e-mail only in case, as the server matches addresses', async () => {
    registerMock.mockResolvedValue(undefined);
    await renderAccountView(<RegisterView />);
    await fillValid({
      'account.field.email': 'Maija@Example.com',
      'account.field.email-confirmation': 'maija@example.com',
    });
    await send();
    await waitFor(() => expect(registerMock).toHaveBeenCalled());
    expect(screen.queryByText(await text('validation.equals'))).toBeNull();
    // The address goes as typed in the e-mail field: the server stores it lower-cased.
    expect(registerMock.mock.calls[0]![1]).toMatchObject({ email: 'Maija@Example.com' });
  });

  it('sends trimmed values with the E.164 number and says where the link went', async () => {
    registerMock.mockResolvedValue(undefined);
    await renderAccountView(<RegisterView />);
    await fillValid();
    await send();
    expect(await screen.findByText(await text('account.register.sent', { email: 'maija@example.com' }))).toBeTruthy();
    expect(registerMock).toHaveBeenCalledWith('en-EU', {
      email: 'maija@example.com',
      password: 'a good password',
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      phoneNumber: expect.stringMatching(/^\+\d+1234567$/),
      marketing: [],
    });
  });

  it("shows the server's field messages beside the fields and keeps what was typed", async () => {
    registerMock.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'invalid', {
        details: { fields: { password: { id: 'validation.minLength', values: { ruleValue: 10 } } } },
      }),
    );
    await renderAccountView(<RegisterView />);
    await fillValid();
    await send();
    const password = await control('account.field.new-password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(await text('validation.minLength', { ruleValue: 10 }))).toBeTruthy();
    expect(password.value).toBe('a good password');
  });

  it('says a too-short password once: the error replaces the hint that says the same', async () => {
    await renderAccountView(<RegisterView />);
    const hint = await text('account.password-hint');
    expect(screen.getByText(hint)).toBeTruthy();
    await fillValid({ 'account.field.new-password': 'short', 'account.field.password-confirmation': 'short' });
    await send();
    const password = await control('account.field.new-password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(await text('validation.minLength', { ruleValue: 10 }))).toHaveLength(1);
    expect(screen.queryByText(hint)).toBeNull();
    // The description points at the error alone, not at a hint that is gone.
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').every((id) => document.getElementById(id))).toBe(true);
    // Long enough again: the error goes as the field is corrected, and the hint comes back.
    await type('account.field.new-password', 'a good password');
    await waitFor(() => expect(screen.getByText(hint)).toBeTruthy());
  });
});
