// A modal confirmation (the native <dialog>: focus stays inside, Escape closes it) for a decision about money: it
// names what will happen with the amounts, and runs the action only when confirmed. The action's error stays in the
// dialog, so the person can read why it was refused (e.g. the received amount changed meanwhile) and close it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ApiErrorText } from './Field.tsx';

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { open } = props;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      onClose={props.onClose}
      onCancel={(e) => {
        if (props.busy) e.preventDefault();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <div className="confirm-body">{props.children}</div>
      <ApiErrorText error={props.error} />
      <div className="confirm-actions">
        <button type="button" className="secondary" disabled={props.busy} onClick={props.onClose}>
          Go back
        </button>
        <button type="button" disabled={props.busy} onClick={props.onConfirm}>
          {props.busy ? 'Working…' : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
