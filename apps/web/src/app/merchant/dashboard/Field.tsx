// A labelled form field whose rule violation, as the API's `details` names it, is shown under it and announced.
import type { ReactNode } from 'react';
import { ApiError } from '../../shared/api.ts';

/** The API's message for the field at `path` (or below it: `line_items[0].unit_amount` under `line_items`). */
export function fieldMessage(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.details.find((d) => d.path === path || d.path.startsWith(`${path}.`) || d.path.startsWith(`${path}[`))
    ?.message;
}

export function Field({
  id,
  label,
  error,
  path,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: unknown;
  /** The API's name of the field (defaults to `id`). */
  path?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const message = fieldMessage(error, path ?? id);
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': message !== undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
      {message ? (
        <small id={`${id}-error`} className="field-error">
          {message}
        </small>
      ) : null}
    </div>
  );
}

/** An API failure shown inline (role=alert) in the API's words, with every field error it lists (each a sentence naming its field). */
export function ApiErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const details = error instanceof ApiError ? error.details : [];
  return (
    <div className="error-text" role="alert">
      <p>{message}</p>
      {details.length > 1 || (details.length === 1 && details[0]!.message !== message) ? (
        <ul>
          {details.map((d) => (
            <li key={`${d.path}:${d.message}`}>{d.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
