import { useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap, useScrollLock } from '../lib/use-focus-trap';
import styles from './modal.module.css';

type ModalProps = {
  /** Id of the element naming the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** The control to focus on open (default: the first one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close if the control that opened the dialog is gone by then. */
  returnFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog over the page: mounted means open. Focus is trapped inside and returns to where
 * it was on close; Esc and a press on the backdrop close it; the page behind does not scroll.
 */
export function Modal({ labelledBy, describedBy, onClose, initialFocus, returnFocus, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, initialFocus, returnFocus);
  useScrollLock();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, className].filter(Boolean).join(' ')}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
