// The fields of a payment link a merchant sets when creating it and may change later (UpdatePaymentLinkBody): how
// customers can pay, where they go after paying, and how long they have to pay. One component for the create and
// the edit form, so both offer the same choices with the same rules shown at the same fields.
import { Field, fieldMessage } from './Field.tsx';

export type CheckoutMethod = 'WALLET' | 'ADDRESS';

export interface LinkTerms {
  methods: CheckoutMethod[];
  successUrl: string;
  /** Minutes as typed; empty for the default. */
  expiryMinutes: string;
}

export const DEFAULT_LINK_TERMS: LinkTerms = { methods: ['WALLET', 'ADDRESS'], successUrl: '', expiryMinutes: '' };

/** The API's seconds from the minutes typed (a value the API refuses, at its field, when it is not a number). */
export const expirySeconds = (minutes: string) => Math.round(Number(minutes) * 60);

export function LinkTermsFields({
  idPrefix,
  value,
  onChange,
  error,
  expiryHint,
}: {
  idPrefix: string;
  value: LinkTerms;
  onChange: (terms: LinkTerms) => void;
  error: unknown;
  expiryHint: string;
}) {
  const methodsError = fieldMessage(error, 'checkout_methods');
  return (
    <>
      <fieldset className="events" aria-describedby={methodsError ? `${idPrefix}-methods-error` : undefined}>
        <legend>How customers can pay</legend>
        {(['WALLET', 'ADDRESS'] as const).map((m) => (
          <label key={m}>
            <input
              type="checkbox"
              checked={value.methods.includes(m)}
              onChange={(e) =>
                onChange({
                  ...value,
                  methods: e.target.checked ? [...value.methods, m] : value.methods.filter((x) => x !== m),
                })
              }
            />{' '}
            {m === 'WALLET' ? 'Connect a wallet' : 'Send to a deposit address'}
          </label>
        ))}
        {methodsError ? (
          <small id={`${idPrefix}-methods-error`} className="field-error">
            {methodsError}
          </small>
        ) : null}
      </fieldset>
      <Field
        id={`${idPrefix}-success-url`}
        path="success_url"
        label="Success URL (optional)"
        error={error}
        hint="Where the customer goes after paying; http(s) only"
      >
        {(p) => (
          <input
            {...p}
            type="url"
            value={value.successUrl}
            onChange={(e) => onChange({ ...value, successUrl: e.target.value })}
            placeholder="https://"
          />
        )}
      </Field>
      <Field
        id={`${idPrefix}-expiry`}
        path="intent_expires_in_seconds"
        label="Time to pay, in minutes (optional)"
        error={error}
        hint={expiryHint}
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            value={value.expiryMinutes}
            onChange={(e) => onChange({ ...value, expiryMinutes: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
