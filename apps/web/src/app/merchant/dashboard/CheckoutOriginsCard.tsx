// Settings › Embedded checkout: the origins whose pages may open the hosted checkout with /checkout.js (in an
// overlay or a pop-up) and hear its paid / closed / expired reports. Per environment; owner only for changes.
import { useState, type FormEvent } from 'react';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';

export function CheckoutOriginsCard({
  origins,
  manage,
  onChanged,
}: {
  origins: readonly string[];
  manage: boolean;
  onChanged: () => void;
}) {
  const [text, setText] = useState(origins.join('\n'));
  const { error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    await run(async () => {
      const list = text
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      await ok(gateway.PATCH('/v1/settlement-settings', { body: { checkout_allowed_origins: list } }));
      setSaved(true);
      onChanged();
    });
  }

  return (
    <section className="card" aria-labelledby="embedding-heading">
      <h2 id="embedding-heading">Embedded checkout</h2>
      <p className="muted small">
        Pages on these origins may open the checkout inside your shop with <code>/checkout.js</code> (an overlay or a
        pop-up) and are told when a payment is paid, closed or expired. None listed: the checkout cannot be embedded.
      </p>
      <form onSubmit={(e) => void save(e)} noValidate className="inline-form">
        <Field
          id="checkout-origins"
          path="checkout_allowed_origins"
          label="Allowed origins (one per line)"
          error={error}
          hint="Exact origins such as https://shop.example or https://shop.example:8443; http://localhost in test mode only"
        >
          {(p) => (
            <textarea
              {...p}
              rows={3}
              value={text}
              readOnly={!manage}
              spellCheck={false}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        {manage ? <button type="submit">Save origins</button> : null}
        {saved ? <p role="status">Saved.</p> : null}
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
