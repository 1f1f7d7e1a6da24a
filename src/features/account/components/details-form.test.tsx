// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, updateDetails } from '../api/account-api';
import { loadCustomer } from '../session/session-actions';
import { control, renderAccountView, TEST_USER, text } from './account-test-support';
import { DetailsForm } from './details-form';

vi.mock('../api/account-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/account-api')>()),
  updateDetails: vi.fn(),
}));
vi.mock('../session/session-actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../session/session-actions')>()),
  loadCustomer: vi.fn(),
}));

const updateMock = vi.mocked(updateDetails);
beforeEach(() => {
  updateMock.mockReset().mockResolvedValue(undefined);
  vi.mocked(loadCustomer).mockReset().mockResolvedValue(undefined);
});
afterEach(cleanup);

async function saveWithPhone(number: string) {
  const onDone = vi.fn();
  await renderAccountView(<DetailsForm user={TEST_USER} onDone={onDone} />);
  fireEvent.change(await control('forms.field.phone'), { target: { value: number } });
  fireEvent.click(screen.getByRole('button', { name: await text('account.details.save') }));
  return onDone;
}

describe('DetailsForm (My details)', () => {
  it("saves a number with its own country code as that country's, whatever prefix is chosen", async () => {
    const onDone = await saveWithPhone('+46 70 123 45 67');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(updateMock).toHaveBeenCalledWith('en-EU', {
      firstName: 'Maija',
      lastName: 'Meikäläinen',
      phoneNumber: '+46701234567',
      marketing: [],
    });
    expect(loadCustomer).toHaveBeenCalledWith('en-EU');
  });

  it('gives a national number the chosen prefix', async () => {
    const onDone = await saveWithPhone('040 123 4567');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(updateMock.mock.calls[0]?.[1].phoneNumber).toBe('+358401234567');
  });

  it('saves an emptied number as none', async () => {
    const onDone = await saveWithPhone('');
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(updateMock.mock.calls[0]?.[1].phoneNumber).toBe('');
  });

  it('refuses a number that is not possible for the country, beside the field, and saves nothing', async () => {
    const onDone = await saveWithPhone('123456789012345');
    const phone = await control('forms.field.phone');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(await text('validation.phone'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone).toHaveProperty('value', '123456789012345');
    expect(updateMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('shows the message of a failed save above the form and stays open', async () => {
    updateMock.mockRejectedValue(new Error('network'));
    const onDone = await saveWithPhone('040 123 4567');
    expect((await screen.findByRole('alert')).textContent).toBe(await text('messages.something-went-wrong'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: await text('account.details.save') })).toHaveProperty('disabled', false);
  });

  it('says that the session has ended when the save is refused for it (401), and keeps what was typed', async () => {
    updateMock.mockRejectedValue(new ApiError(401, 'UNAUTHORIZED', 'No valid customer session'));
    const onDone = await saveWithPhone('040 123 4567');
    expect((await screen.findByRole('alert')).textContent).toBe(await text('account.errors.session-ended'));
    expect(await control('forms.field.phone')).toHaveProperty('value', '040 123 4567');
    expect(onDone).not.toHaveBeenCalled();
  });
});
