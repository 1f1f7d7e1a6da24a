import { beforeEach, describe, expect, it } from 'vitest';
import { backdropClicked, closeModal, modalStore, openModal } from './modal-store';

describe('modal store', () => {
  beforeEach(() => closeModal());

  it('opens by setting a name and closes by unsetting it', () => {
    openModal('firstInCart');
    expect(modalStore.name).toBe('firstInCart');
    closeModal();
    expect(modalStore.name).toBeNull();
  });

  it('keeps one modal open at a time', () => {
    openModal('a');
    openModal('b');
    expect(modalStore.name).toBe('b');
  });

  it('closes on a backdrop click by default', () => {
    openModal('card');
    backdropClicked();
    expect(modalStore.name).toBeNull();
  });

  it('stays open on a backdrop click when opened with closeOnBackdrop false', () => {
    openModal('consent', { closeOnBackdrop: false });
    backdropClicked();
    expect(modalStore.name).toBe('consent');
    openModal('card');
    backdropClicked();
    expect(modalStore.name).toBeNull();
  });

  it('refuses an empty name', () => {
    expect(() => openModal('')).toThrow();
  });
});
