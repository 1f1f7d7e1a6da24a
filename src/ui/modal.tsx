/**
 * A modal dialog driven by the modal store (spec §4): it is open while the store holds its
 * name. The native <dialog> with showModal() gives the top layer, a focus trap, Esc to
 * close and focus return to the opener; a click on the backdrop closes it too unless the
 * opener said otherwise.
 */
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react';
import { backdropClicked, closeModal, modalStore } from './modal-store';
import './modal.css';

export function Modal({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const { name: openName } = useSnapshot(modalStore);
  const { i18n } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const open = openName === name;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Esc closes the native dialog by itself; the store has to follow.
  function onClose() {
    if (modalStore.name === name) closeModal();
  }

  // The dialog box fills its element and the backdrop lies outside it, so a click whose
  // target is the <dialog> itself (not its content) landed on the backdrop.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) backdropClicked();
  }

  return (
    <dialog ref={ref} className="modal" aria-labelledby={headingId} onClose={onClose} onClick={onClick}>
      <div className="modal__content">
        <h2 id={headingId} className="modal__title">
          {title}
        </h2>
        {children}
        <button type="button" className="button modal__close" onClick={closeModal}>
          {i18n._('modal.close')}
        </button>
      </div>
    </dialog>
  );
}
