// @vitest-environment happy-dom
/**
 * My details by keyboard: opening the form, cancelling it and saving it each replace the
 * button that was pressed, so the focus must be moved on (WCAG 2.4.3), not fall to <body>:
 * into the form's first field when it opens, back to "Edit details" when it closes.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/ui/session-store';
import { updateDetails } from '../api/account-api';
import { ensureSessionChecked, loadCustomer, sessionCheck } from '../session/session-actions';
import { control, renderAccountView, TEST_USER, text } from './account-test-support';
import { MyDetailsView } from './my-details-view';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  updateDetails: vi.fn(),
  changePassword: vi.fn(),
}));
vi.mock('../session/session-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session/session-actions')>()),
  loadCustomer: vi.fn(),
  ensureSessionChecked: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(updateDetails).mockReset().mockResolvedValue(undefined);
  vi.mocked(loadCustomer).mockReset().mockResolvedValue(undefined);
  vi.mocked(ensureSessionChecked).mockReset().mockResolvedValue(undefined);
  session.user = { ...TEST_USER };
  session.loggedIn = true;
  sessionCheck.done = true;
});
afterEach(() => {
  cleanup();
  session.user = null;
  session.loggedIn = false;
  sessionCheck.done = false;
});

async function editButton() {
  return screen.findByRole('button', { name: await text('account.details.edit') });
}

describe('MyDetailsView focus', () => {
  it('moves the focus into the form when it opens and back to "Edit details" when it closes', async () => {
    await renderAccountView(<MyDetailsView />);
    (await editButton()).focus();
    fireEvent.click(await editButton());
    const firstName = await control('account.field.firstname');
    await waitFor(() => expect(document.activeElement).toBe(firstName));

    fireEvent.click(screen.getByRole('button', { name: await text('account.details.cancel') }));
    await waitFor(async () => expect(document.activeElement).toBe(await editButton()));

    fireEvent.click(await editButton());
    await waitFor(async () => expect(document.activeElement).toBe(await control('account.field.firstname')));
    fireEvent.click(screen.getByRole('button', { name: await text('account.details.save') }));
    expect(await screen.findByText(await text('account.details.saved'))).toBeTruthy();
    await waitFor(async () => expect(document.activeElement).toBe(await editButton()));
    expect(updateDetails).toHaveBeenCalledTimes(1);
  });
});
