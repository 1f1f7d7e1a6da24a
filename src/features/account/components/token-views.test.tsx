// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, checkResetToken, confirmEmail, resetPassword } from '../api/account-api';
import { control, renderAccountView, text } from './account-test-support';
import { ConfirmEmailView, ResetPasswordView } from './token-views';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  confirmEmail: vi.fn(),
  resetPassword: vi.fn(),
  checkResetToken: vi.fn(),
}));

const TOKEN = 'b'.repeat(43);
beforeEach(() => {
  vi.mocked(confirmEmail).mockReset();
  vi.mocked(resetPassword).mockReset();
  vi.mocked(checkResetToken).mockReset();
  vi.mocked(checkResetToken).mockResolvedValue(undefined);
});
afterEach(cleanup);

describe('ConfirmEmailView', () => {
  it("sends the link's token on opening and says the address is confirmed", async () => {
    vi.mocked(confirmEmail).mockResolvedValue(undefined);
    await renderAccountView(<ConfirmEmailView />, { path: `/account/confirm?token=${TOKEN}` });
    expect(await screen.findByText(await text('account.confirm.done-title'))).toBeTruthy();
    expect(confirmEmail).toHaveBeenCalledTimes(1);
    expect(confirmEmail).toHaveBeenCalledWith('en-EU', { token: TOKEN });
  });

  it('says a used link is invalid and lets the address and the six-digit code be typed', async () => {
    vi.mocked(confirmEmail).mockRejectedValueOnce(new ApiError(400, 'INVALID_TOKEN', 'used'));
    await renderAccountView(<ConfirmEmailView />, { path: `/account/confirm?token=${TOKEN}` });
    expect((await screen.findByRole('alert')).textContent).toBe(await text('account.errors.invalid-token'));
    const submit = screen.getByRole('button', { name: await text('account.confirm.submit') });
    expect(submit).toHaveProperty('disabled', false);
    expect(screen.queryByText(await text('account.confirm.busy'))).toBeNull();

    vi.mocked(confirmEmail).mockResolvedValueOnce(undefined);
    fireEvent.change(await control('account.field.email'), { target: { value: ' anna@example.fi ' } });
    fireEvent.change(await control('account.field.code'), { target: { value: ' 012345 ' } });
    fireEvent.click(submit);
    expect(await screen.findByText(await text('account.confirm.done-title'))).toBeTruthy();
    expect(confirmEmail).toHaveBeenLastCalledWith('en-EU', { email: 'anna@example.fi', code: '012345' });
  });

  it('takes the code with spaces or dashes, as typed from the mail ("609 459")', async () => {
    vi.mocked(confirmEmail).mockResolvedValueOnce(undefined);
    await renderAccountView(<ConfirmEmailView />, { path: '/account/confirm' });
    fireEvent.change(await control('account.field.email'), { target: { value: 'anna@example.fi' } });
    fireEvent.change(await control('account.field.code'), { target: { value: '609 459' } });
    fireEvent.click(screen.getByRole('button', { name: await text('account.confirm.submit') }));
    expect(await screen.findByText(await text('account.confirm.done-title'))).toBeTruthy();
    expect(confirmEmail).toHaveBeenLastCalledWith('en-EU', { email: 'anna@example.fi', code: '609459' });
  });

  it('refuses a code that is not six digits before sending', async () => {
    await renderAccountView(<ConfirmEmailView />, { path: '/account/confirm' });
    fireEvent.change(await control('account.field.email'), { target: { value: 'anna@example.fi' } });
    fireEvent.change(await control('account.field.code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: await text('account.confirm.submit') }));
    await vi.waitFor(async () =>
      expect((await control('account.field.code')).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(confirmEmail).not.toHaveBeenCalled();
  });

  it('is not left confirming when the server refuses the token with field messages', async () => {
    vi.mocked(confirmEmail).mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'bad', { details: { fields: { token: { id: 'validation.matches' } } } }),
    );
    await renderAccountView(<ConfirmEmailView />, { path: '/account/confirm?token=short' });
    const submit = screen.getByRole('button', { name: await text('account.confirm.submit') });
    await vi.waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(screen.queryByText(await text('account.confirm.busy'))).toBeNull();
  });
  it('says that a link cut short or with a character added is invalid, without sending it', async () => {
    for (const token of [TOKEN.slice(0, 12), `${TOKEN}.`]) {
      await renderAccountView(<ConfirmEmailView />, { path: `/account/confirm?token=${encodeURIComponent(token)}` });
      expect((await screen.findByRole('alert')).textContent).toBe(await text('account.errors.invalid-token'));
      expect(await control('account.field.code')).toBeTruthy();
      cleanup();
    }
    expect(confirmEmail).not.toHaveBeenCalled();
  });
});

describe('ResetPasswordView', () => {
  it('says at once that a link cut short or with a character added is dead, without a check or the form', async () => {
    for (const token of [TOKEN.slice(0, 12), `${TOKEN}.`]) {
      await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${encodeURIComponent(token)}` });
      expect((await screen.findByRole('alert')).textContent).toContain(await text('account.errors.invalid-token'));
      expect(screen.getByRole('link', { name: await text('account.reset.ask-again') })).toBeTruthy();
      expect(screen.queryByLabelText(await text('account.field.new-password'))).toBeNull();
      cleanup();
    }
    expect(checkResetToken).not.toHaveBeenCalled();
  });

  it('checks the link on opening and says at once that a used or expired one is dead, without the form', async () => {
    vi.mocked(checkResetToken).mockRejectedValue(new ApiError(400, 'INVALID_TOKEN', 'used'));
    await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${TOKEN}` });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(await text('account.errors.invalid-token'));
    expect(screen.getByRole('link', { name: await text('account.reset.ask-again') })).toBeTruthy();
    expect(screen.queryByLabelText(await text('account.field.new-password'))).toBeNull();
    expect(checkResetToken).toHaveBeenCalledWith('en-EU', TOKEN);
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('shows the form when the link works, and when it cannot be checked (offline)', async () => {
    await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${TOKEN}` });
    expect(screen.getByRole('status').textContent).toBe(await text('account.reset.checking'));
    await screen.findByRole('button', { name: await text('account.reset.submit') });
    expect(await control('account.field.new-password')).toBeTruthy();
    cleanup();
    vi.mocked(checkResetToken).mockRejectedValue(new TypeError('Failed to fetch'));
    await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${TOKEN}` });
    await screen.findByRole('button', { name: await text('account.reset.submit') });
    expect(await control('account.field.new-password')).toBeTruthy();
  });

  it('says how long to wait after too many attempts, as the login form does', async () => {
    vi.mocked(resetPassword).mockRejectedValue(
      new ApiError(429, 'TOO_MANY_REQUESTS', 'slow down', { retryAfterSeconds: 600 }),
    );
    await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${TOKEN}` });
    await screen.findByRole('button', { name: await text('account.reset.submit') });
    fireEvent.change(await control('account.field.new-password'), { target: { value: 'a good password' } });
    fireEvent.change(await control('account.field.password-confirmation'), { target: { value: 'a good password' } });
    fireEvent.click(screen.getByRole('button', { name: await text('account.reset.submit') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(await text('account.errors.too-many-wait', { minutes: 10 }));
  });

  it('offers a new link when the reset token is no longer valid, keeping the typed password', async () => {
    vi.mocked(resetPassword).mockRejectedValue(new ApiError(400, 'INVALID_TOKEN', 'expired'));
    await renderAccountView(<ResetPasswordView />, { path: `/account/reset?token=${TOKEN}` });
    await screen.findByRole('button', { name: await text('account.reset.submit') });
    fireEvent.change(await control('account.field.new-password'), { target: { value: 'a good password' } });
    fireEvent.change(await control('account.field.password-confirmation'), { target: { value: 'a good password' } });
    fireEvent.click(screen.getByRole('button', { name: await text('account.reset.submit') }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(await text('account.errors.invalid-token'));
    expect(screen.getByRole('link', { name: await text('account.reset.ask-again') })).toBeTruthy();
    expect(resetPassword).toHaveBeenCalledWith('en-EU', TOKEN, 'a good password');
    expect((await control('account.field.new-password')).value).toBe('a good password');
  });
});
