// A new password typed twice, as the reset and invitation pages ask for it: the two fields and the check said in
// people's words before anything is sent (the API checks the length again).
import { Field } from './Field.tsx';

/** The field that is wrong, with its message, or null when the two match and are long enough. */
export function newPasswordProblem(password: string, confirm: string): { path: string; message: string } | null {
  if (password.length < 12) return { path: 'password', message: 'Use at least 12 characters' };
  if (password !== confirm) return { path: 'confirm', message: 'Type the same password twice' };
  return null;
}

export function NewPasswordFields({
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
  error,
}: {
  /** "Password" or "New password"; the second field is "<label>, again". */
  label: string;
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  error: unknown;
}) {
  return (
    <>
      <Field id="password" label={label} error={error} hint="12 to 200 characters">
        {(p) => (
          <input
            {...p}
            type="password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
            autoComplete="new-password"
            required
          />
        )}
      </Field>
      <Field id="confirm" label={`${label}, again`} error={error}>
        {(p) => (
          <input
            {...p}
            type="password"
            value={confirm}
            onChange={(e) => onConfirm(e.target.value)}
            autoComplete="new-password"
            required
          />
        )}
      </Field>
    </>
  );
}
