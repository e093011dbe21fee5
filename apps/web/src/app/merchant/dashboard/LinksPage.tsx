// Payment links: create (every field of the API's payment link input, each rule the API checks shown at its field),
// list with the terms each payment gets, view the payments made through one, copy the public URL or show it as a QR
// code, edit what may change (EditLinkForm.tsx), activate or deactivate (both PATCH /v1/payment-links/{id}).
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/money.ts';
import { CopyText, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type PaymentLink } from './dashboardApi.ts';
import { EditLinkForm } from './EditLinkForm.tsx';
import { expiryInMinutes } from './expiryInMinutes.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { DEFAULT_LINK_TERMS, expirySeconds, LinkTermsFields, type LinkTerms } from './LinkTermsFields.tsx';
import { PaymentRows } from './HomePage.tsx';
import { NetworkChoice } from './NetworkChoice.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

export default function LinksPage() {
  const { can } = useDashboard();
  const links = useLoad(() => ok(gateway.GET('/v1/payment-links', { params: { query: { limit: 100 } } })), []);
  const [open, setOpen] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { error, run } = useAction();

  async function setActive(l: PaymentLink, active: boolean) {
    await run(async () => {
      await ok(gateway.PATCH('/v1/payment-links/{id}', { params: { path: { id: l.id } }, body: { active } }));
      await links.reload();
    });
  }

  return (
    <div className="stack">
      <section className="card" aria-labelledby="links-heading">
        <h1 id="links-heading">Payment links</h1>
        <ApiErrorText error={links.error ?? error} />
        {listOf(links.data).empty ? <p className="muted">No payment link yet.</p> : null}
        <ul className="rows">
          {listOf(links.data).items.map((l) => (
            <li key={l.id} data-testid="payment-link">
              <div className="row-with-actions">
                <span>
                  <strong>{l.name}</strong> · {formatMoney(l.amount, l.currency)} ·{' '}
                  <span className="badge">{l.active ? 'active' : 'inactive'}</span>
                  <div className="muted small">
                    <a href={l.url}>{l.url}</a> · {l.networks?.join(', ') ?? 'default networks'} · created{' '}
                    {when(l.created_at)}
                  </div>
                  <div className="muted small" data-testid="link-terms">
                    {l.description ? <>{l.description} · </> : null}
                    {methodsText(l.checkout_methods)} · {l.intent_expires_in_seconds / 60} min to pay
                    {l.success_url ? <> · then to {l.success_url}</> : null}
                  </div>
                </span>
                <span className="actions">
                  <CopyText text={l.url} label={`Copy the URL of ${l.name}`} />
                  <button
                    type="button"
                    className="secondary small"
                    aria-expanded={qr === l.id}
                    onClick={() => setQr(qr === l.id ? null : l.id)}
                  >
                    QR code
                  </button>
                  <button
                    type="button"
                    className="secondary small"
                    aria-expanded={open === l.id}
                    onClick={() => setOpen(open === l.id ? null : l.id)}
                  >
                    Payments
                  </button>
                  {can('write') ? (
                    <button
                      type="button"
                      className="secondary small"
                      aria-expanded={editing === l.id}
                      onClick={() => {
                        setSaved(null);
                        setEditing(editing === l.id ? null : l.id);
                      }}
                    >
                      Edit
                    </button>
                  ) : null}
                  {can('write') ? (
                    <button type="button" className="secondary small" onClick={() => void setActive(l, !l.active)}>
                      {l.active ? 'Deactivate' : 'Activate'}
                    </button>
                  ) : null}
                </span>
              </div>
              {saved === l.id ? (
                <p className="muted small" role="status">
                  Saved: payments started from now on get these terms.
                </p>
              ) : null}
              {editing === l.id ? (
                <EditLinkForm
                  link={l}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    setSaved(l.id);
                    void links.reload();
                  }}
                />
              ) : null}
              {qr === l.id ? <LinkQr url={l.url} name={l.name} /> : null}
              {open === l.id ? <LinkPayments linkId={l.id} /> : null}
            </li>
          ))}
        </ul>
      </section>
      {can('write') ? <CreateLink onCreated={() => void links.reload()} /> : null}
    </div>
  );
}

/** A QR code of the link's public URL, to print or show at a counter (the `qrcode` package the checkout uses). */
function LinkQr({ url, name }: { url: string; name: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, scale: 6 }).then(
      (d) => live && setSrc(d),
      () => live && setSrc(undefined),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <figure className="link-qr" data-testid="link-qr">
      {src ? <img src={src} alt={`QR code of ${url}`} width={200} height={200} /> : null}
      <figcaption className="muted small">
        Scanning opens {url}.{' '}
        {src ? (
          <a href={src} download={`${name.replace(/[^\w-]+/g, '-')}-qr.png`}>
            Download PNG
          </a>
        ) : null}
      </figcaption>
    </figure>
  );
}

function methodsText(methods: readonly string[]): string {
  const wallet = methods.includes('WALLET');
  const address = methods.includes('ADDRESS');
  return wallet && address ? 'wallet or deposit address' : wallet ? 'wallet only' : 'deposit address only';
}

function LinkPayments({ linkId }: { linkId: string }) {
  const r = useLoad(
    () => ok(gateway.GET('/v1/payment-links/{id}/payment-intents', { params: { path: { id: linkId } } })),
    [linkId],
  );
  return (
    <>
      <ApiErrorText error={r.error} />
      {listOf(r.data).empty ? <p className="muted">No payment through this link yet.</p> : null}
      <PaymentRows payments={listOf(r.data).items} />
    </>
  );
}

function CreateLink({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<'USDC' | 'EURC'>('USDC');
  const [description, setDescription] = useState('');
  const [networks, setNetworks] = useState<string[]>([]);
  const [terms, setTerms] = useState<LinkTerms>(DEFAULT_LINK_TERMS);
  const [created, setCreated] = useState<PaymentLink | null>(null);
  const action = useAction();
  const { busy, run } = action;
  // The API's seconds said in the minutes the merchant typed (the time to pay field).
  const error = expiryInMinutes(action.error);

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const l = await ok(
        gateway.POST('/v1/payment-links', {
          body: {
            name,
            amount,
            currency,
            ...(description ? { description } : {}),
            ...(networks.length ? { networks } : {}),
            checkout_methods: terms.methods,
            ...(terms.successUrl.trim() ? { success_url: terms.successUrl.trim() } : {}),
            ...(terms.expiryMinutes.trim() ? { intent_expires_in_seconds: expirySeconds(terms.expiryMinutes) } : {}),
          },
        }),
      );
      setCreated(l);
      setName('');
      setAmount('');
      setDescription('');
      setTerms(DEFAULT_LINK_TERMS);
      onCreated();
    });
  }

  return (
    <section className="card" aria-labelledby="create-link-heading">
      <h2 id="create-link-heading">Create a payment link</h2>
      {created ? (
        <p className="notice" role="status">
          Created <strong>{created.name}</strong>: <a href={created.url}>{created.url}</a>{' '}
          <CopyText text={created.url} label="Copy the new link's URL" />
        </p>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate className="inline-form">
        <Field id="link-name" path="name" label="Name" error={error}>
          {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field id="link-amount" path="amount" label="Amount" error={error} hint="For example 25 or 9.99">
          {(p) => <input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field id="link-currency" path="currency" label="Currency" error={error}>
          {(p) => (
            <select {...p} value={currency} onChange={(e) => setCurrency(e.target.value as 'USDC' | 'EURC')}>
              <option>USDC</option>
              <option>EURC</option>
            </select>
          )}
        </Field>
        <Field id="link-description" path="description" label="Description (optional)" error={error}>
          {(p) => <input {...p} value={description} onChange={(e) => setDescription(e.target.value)} />}
        </Field>
        <NetworkChoice id="link-networks" value={networks} onChange={setNetworks} error={error} />
        <LinkTermsFields
          idPrefix="link"
          value={terms}
          onChange={setTerms}
          error={error}
          expiryHint="5 to 10080 minutes; default 20"
        />
        <button type="submit" disabled={busy}>
          Create link
        </button>
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
