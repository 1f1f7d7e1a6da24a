/**
 * The dialog of a card link, loaded with the first click on the card: the modal and its
 * store (valtio) stay out of the landing page's JavaScript. It opens itself when mounted.
 */
import { useEffect } from 'react';
import { Modal } from './modal';
import { openModal } from './modal-store';

export default function CardDialog({ name, heading, text }: { name: string; heading: string; text: string }) {
  useEffect(() => openModal(name), [name]);
  return (
    <Modal name={name} title={heading}>
      <p className="modal__text">{text}</p>
    </Modal>
  );
}
