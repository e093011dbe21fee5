// Settings › Business: the name and support contact customers see on checkout, payment links and invoices
// (PATCH /v1/account). Owners and admins edit it (profile:manage); others read it.
import { useState, type FormEvent } from 'react';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';

export function BusinessProfileCard() {
  const { me, can, reloadAccount } = useDashboard();
  const manage = can('profile:manage');
  const [saved, setSaved] = useState(me.merchant);
  const [name, setName] = useState(saved.business_name);
  const [email, setEmail] = useState(saved.support_email ?? '');
  const [url, setUrl] = useState(saved.support_url ?? '');
  const [done, setDone] = useState(false);
  const { busy, error, run } = useAction();

  async function save(e: FormEvent) {
    e.preventDefault();
    setDone(false);
    await run(async () => {
      const m = await ok(
        gateway.PATCH('/v1/account', { body: { business_name: name, support_email: email, support_url: url } }),
      );
      setSaved(m);
      setName(m.business_name);
      setEmail(m.support_email ?? '');
      setUrl(m.support_url ?? '');
      setDone(true);
      // The shell's header shows the business name: read the account again so it changes without a reload.
      await reloadAccount();
    });
  }

  return (
    <section className="card" aria-labelledby="business-heading">
      <h2 id="business-heading">Business</h2>
      <p className="muted small">
        Customers see the business name and the support contact on checkout, payment links and invoices, where a page
        asks them to contact you. Account id <code>{me.merchant.id}</code>.
      </p>
      {manage ? (
        <form onSubmit={(e) => void save(e)} noValidate className="inline-form">
          <Field id="business_name" label="Business name" error={error} hint="2 to 120 characters">
            {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" />}
          </Field>
          <Field id="support_email" label="Support email" error={error} hint="Optional; leave empty to show none">
            {(p) => <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Field
            id="support_url"
            label="Support page"
            error={error}
            hint="Optional; a web address such as https://example.com/help"
          >
            {(p) => <input {...p} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
          </Field>
          <div className="actions">
            <button type="submit" disabled={busy}>
              Save business details
            </button>
            {done ? (
              <span role="status" className="muted">
                Saved
              </span>
            ) : null}
          </div>
          <ApiErrorText error={error} />
        </form>
      ) : (
        <dl className="facts">
          <dt>Business name</dt>
          <dd>{saved.business_name}</dd>
          <dt>Support email</dt>
          <dd>{saved.support_email ?? 'None'}</dd>
          <dt>Support page</dt>
          <dd>{saved.support_url ?? 'None'}</dd>
        </dl>
      )}
    </section>
  );
}
