/**
 * Which modal is open (spec §4 "Modal"): set a name and open, or unset and close. One
 * modal at a time; `closeOnBackdrop` is true unless the opener says otherwise.
 */
import { proxy } from 'valtio';

export interface ModalState {
  name: string | null;
  closeOnBackdrop: boolean;
}

export const modalStore = proxy<ModalState>({ name: null, closeOnBackdrop: true });

/** Opens the modal called `name` (closing any other). */
export function openModal(name: string, options: { closeOnBackdrop?: boolean } = {}): void {
  if (name === '') throw new Error('Cannot open a modal without a name');
  modalStore.name = name;
  modalStore.closeOnBackdrop = options.closeOnBackdrop ?? true;
}

/** Closes whichever modal is open. */
export function closeModal(): void {
  modalStore.name = null;
  modalStore.closeOnBackdrop = true;
}

/** A click on the backdrop closes the modal unless it was opened with closeOnBackdrop false. */
export function backdropClicked(): void {
  if (modalStore.closeOnBackdrop) closeModal();
}
