// Editing a payment link (PATCH /v1/payment-links/{id}): its name, description, checkout methods, success URL and
// time to pay, for the payments started from now on. The price and the networks are fixed once the link exists (its
// URL may be printed as a QR code at that price), so the form shows them and says so.
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { gateway, ok, type PaymentLink } from './dashboardApi.ts';
import { expiryInMinutes } from './expiryInMinutes.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { expirySeconds, LinkTermsFields, type CheckoutMethod, type LinkTerms } from './LinkTermsFields.tsx';
import { useAction } from './useAction.ts';

export function EditLinkForm({
  link,
  onSaved,
  onCancel,
}: {
  link: PaymentLink;
  onSaved: (link: PaymentLink) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(link.name);
  const [description, setDescription] = useState(link.description ?? '');
  const [terms, setTerms] = useState<LinkTerms>({
    methods: link.checkout_methods as CheckoutMethod[],
    successUrl: link.success_url ?? '',
    expiryMinutes: String(link.intent_expires_in_seconds / 60),
  });
  const action = useAction();
  const { busy, run } = action;
  // The API's seconds said in the minutes the merchant typed (the time to pay field).
  const error = expiryInMinutes(action.error);
  const id = `edit-${link.id}`;

  async function save(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const saved = await ok(
        gateway.PATCH('/v1/payment-links/{id}', {
          params: { path: { id: link.id } },
          body: {
            name,
            description: description.trim() === '' ? null : description,
            checkout_methods: terms.methods,
            success_url: terms.successUrl.trim() === '' ? null : terms.successUrl.trim(),
            intent_expires_in_seconds: expirySeconds(terms.expiryMinutes),
          },
        }),
      );
      onSaved(saved);
    });
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="inline-form" aria-label={`Edit ${link.name}`}>
      <p className="muted small">
        Price {formatMoney(link.amount, link.currency)} on {link.networks?.join(', ') ?? 'the default networks'}: fixed
        for this link (make a new link for another price). Changes apply to payments started from now on.
      </p>
      <Field id={`${id}-name`} path="name" label="Name" error={error}>
        {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field id={`${id}-description`} path="description" label="Description (optional)" error={error}>
        {(p) => <input {...p} value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <LinkTermsFields idPrefix={id} value={terms} onChange={setTerms} error={error} expiryHint="5 to 10080 minutes" />
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save changes
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ApiErrorText error={error} />
    </form>
  );
}
