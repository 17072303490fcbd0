'use client';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  /** alertdialog for a destructive confirmation. */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  onCancel: () => void;
  /** Selector of the element to focus first (default: the first focusable one). */
  initialFocus?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog (native <dialog> opened with showModal, so the page behind is inert): focus moves
 * in on open, Tab and Shift+Tab cycle inside, Escape cancels, and focus returns to where it was.
 * Mounted = open.
 */
export function ModalDialog({ role = 'dialog', labelledBy, describedBy, onCancel, initialFocus, className, testId, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = (initialFocus && dialog.querySelector<HTMLElement>(initialFocus)) || dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Open once per mount; the initial focus is chosen then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`sa-dialog${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        // Escape: let React decide (it unmounts the dialog).
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
