// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, login } from '../api/account-api';
import { checkSession } from '../session/session-actions';
import { control, renderAccountView, text } from './account-test-support';
import { LoginView } from './login-view';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  login: vi.fn(),
}));
vi.mock('../session/session-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session/session-actions')>()),
  checkSession: vi.fn(),
}));

const loginMock = vi.mocked(login);

beforeEach(() => {
  loginMock.mockReset();
  vi.mocked(checkSession).mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

async function fill(id: string, value: string) {
  fireEvent.change(await control(id), { target: { value } });
}

async function fillAndSend(email: string, password: string) {
  await fill('account.field.email', email);
  await fill('account.field.password', password);
  fireEvent.click(screen.getByRole('button', { name: await text('account.login.submit') }));
}

describe('LoginView', () => {
  it('shows the rule messages on sending empty fields, focuses the first, and sends nothing', async () => {
    await renderAccountView(<LoginView />);
    fireEvent.click(screen.getByRole('button', { name: await text('account.login.submit') }));
    expect(await screen.findAllByText(await text('validation.required'))).toHaveLength(2);
    const email = await control('account.field.email');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(loginMock).not.toHaveBeenCalled();
  });

  it('says the e-mail or password was wrong on a 401 and keeps what was typed', async () => {
    loginMock.mockRejectedValue(new ApiError(401, 'INVALID_CREDENTIALS', 'no'));
    await renderAccountView(<LoginView />);
    await fillAndSend('maija@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe(await text('account.errors.invalid-credentials'));
    expect(await control('account.field.email')).toHaveProperty('value', 'maija@example.com');
    expect(await control('account.field.password')).toHaveProperty('value', 'wrong password');
    expect(checkSession).not.toHaveBeenCalled();
  });

  it('says how many minutes a locked account waits (rounded up) and that a link was mailed', async () => {
    loginMock.mockRejectedValue(
      new ApiError(429, 'TOO_MANY_REQUESTS', 'locked', {
        details: { reason: 'account-locked' },
        retryAfterSeconds: 125,
      }),
    );
    await renderAccountView(<LoginView />);
    await fillAndSend('maija@example.com', 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(await text('account.errors.login-locked', { minutes: 3 }));
    expect(alert.textContent).toContain('Try again in 3 min');
  });

  it('says how long to wait on the per-address limit, without the mail', async () => {
    loginMock.mockRejectedValue(new ApiError(429, 'TOO_MANY_REQUESTS', 'slow down', { retryAfterSeconds: 30 }));
    await renderAccountView(<LoginView />);
    await fillAndSend('maija@example.com', 'a password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      await text('account.errors.too-many-wait', { minutes: 1 }),
    );
  });

  it('hides the previous message while the next attempt runs, with the busy label', async () => {
    loginMock.mockRejectedValueOnce(new ApiError(401, 'INVALID_CREDENTIALS', 'no'));
    await renderAccountView(<LoginView />);
    await fillAndSend('maija@example.com', 'wrong password');
    await screen.findByRole('alert');
    let answer: () => void = () => {};
    loginMock.mockReturnValueOnce(new Promise<void>((resolve) => (answer = resolve)));
    fireEvent.click(screen.getByRole('button', { name: await text('account.login.submit') }));
    const busy = await screen.findByRole('button', { name: await text('account.login.busy') });
    expect(busy).toHaveProperty('disabled', true);
    expect(screen.queryByRole('alert')).toBeNull();
    answer();
    expect(await screen.findByTestId('other-page')).toBeTruthy();
  });

  it('logs in, re-checks the session and goes to returnTo, sending the unlock link token', async () => {
    loginMock.mockResolvedValue(undefined);
    const token = 'a'.repeat(43);
    await renderAccountView(<LoginView />, { path: `/account/login?returnTo=%2Faccount%2Fcards&token=${token}` });
    expect(screen.getByText(await text('account.login.unlock-notice'))).toBeTruthy();
    await fillAndSend(' maija@example.com ', 'right password');
    expect((await screen.findByTestId('other-page')).textContent).toBe('/account/cards');
    expect(loginMock).toHaveBeenCalledWith('en-EU', 'maija@example.com', 'right password', token);
    // A new check, not one the page sent before the login (session-actions.ts).
    expect(checkSession).toHaveBeenCalledWith('en-EU', { sessionChanged: true });
  });

  it('goes to the hub after login when there is no returnTo', async () => {
    loginMock.mockResolvedValue(undefined);
    await renderAccountView(<LoginView />, { path: '/account/login' });
    await fillAndSend('maija@example.com', 'right password');
    expect((await screen.findByTestId('other-page')).textContent).toBe('/account');
    expect(loginMock).toHaveBeenCalledWith('en-EU', 'maija@example.com', 'right password', undefined);
  });
});
