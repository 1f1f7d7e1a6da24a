// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, changePassword } from '../api/account-api';
import { control, renderAccountView, text } from './account-test-support';
import { PasswordForm } from './password-form';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  changePassword: vi.fn(),
}));

const changeMock = vi.mocked(changePassword);
beforeEach(() => {
  changeMock.mockReset();
});
afterEach(cleanup);

async function fillAndSend(current: string, next: string, confirmation = next) {
  fireEvent.change(await control('account.field.currentPassword'), { target: { value: current } });
  fireEvent.change(await control('account.field.newPassword'), { target: { value: next } });
  fireEvent.change(await control('account.field.newPasswordConfirmation'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: await text('account.password.submit') }));
}

describe('PasswordForm', () => {
  it('says the password was changed and empties the fields without any "required" message', async () => {
    changeMock.mockResolvedValue(undefined);
    await renderAccountView(<PasswordForm />);
    await fillAndSend('old password 1', 'new password 12');
    expect((await screen.findByRole('status')).textContent).toBe(await text('account.password.done'));
    expect(changeMock).toHaveBeenCalledWith('en-EU', 'old password 1', 'new password 12');
    for (const id of [
      'account.field.currentPassword',
      'account.field.newPassword',
      'account.field.newPasswordConfirmation',
    ]) {
      const input = await control(id);
      expect(input.value).toBe('');
      expect(input.getAttribute('aria-invalid')).toBeNull();
    }
    expect(screen.queryByText(await text('validation.required'))).toBeNull();
  });

  it('starts afresh after a change: sending empty fields again shows the messages', async () => {
    changeMock.mockResolvedValue(undefined);
    await renderAccountView(<PasswordForm />);
    await fillAndSend('old password 1', 'new password 12');
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: await text('account.password.submit') }));
    expect(await screen.findAllByText(await text('validation.required'))).toHaveLength(3);
    // The success of the previous change no longer applies to this attempt (one pattern:
    // a new submit hides the previous outcome).
    const done = await text('account.password.done');
    await waitFor(() => expect(screen.queryByText(done)).toBeNull());
    expect(changeMock).toHaveBeenCalledTimes(1);
  });

  it('shows the rule message of a mismatched confirmation and sends nothing', async () => {
    await renderAccountView(<PasswordForm />);
    await fillAndSend('old password 1', 'new password 12', 'new password 13');
    expect(await screen.findByText(await text('validation.equals'))).toBeTruthy();
    expect(changeMock).not.toHaveBeenCalled();
  });

  it('puts the server field message beside its field, focuses it and keeps what was typed', async () => {
    changeMock.mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'wrong', {
        details: { fields: { currentPassword: { id: 'account.errors.wrong-password' } } },
      }),
    );
    await renderAccountView(<PasswordForm />);
    await fillAndSend('not my password', 'new password 12');
    const current = await control('account.field.currentPassword');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.value).toBe('not my password');
    expect(current.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(await text('account.errors.wrong-password'))).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows one message above the form when the request fails', async () => {
    changeMock.mockRejectedValue(new ApiError(500, 'ERROR', 'down'));
    await renderAccountView(<PasswordForm />);
    await fillAndSend('old password 1', 'new password 12');
    expect((await screen.findByRole('alert')).textContent).toBe(await text('messages.something-went-wrong'));
    expect((await control('account.field.newPassword')).value).toBe('new password 12');
  });
});
