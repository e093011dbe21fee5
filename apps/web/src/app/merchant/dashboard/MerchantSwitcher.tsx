// The merchant switcher in the shell: shown only to a person who belongs to several merchants. Switching asks the
// gateway for a session acting in the chosen merchant (POST /v1/auth/switch ends this one), stores it, and the shell
// starts again from empty state under the new session (DashboardPage keys everything by session).
import { useState } from 'react';
import { dashboardSession, gateway, ok } from './dashboardApi.ts';
import { ApiErrorText } from './Field.tsx';
import { useAction } from './useAction.ts';
import { roleName } from './Bits.tsx';
import { useLoad } from './useLoad.ts';

export function MerchantSwitcher({ current, onSwitched }: { current: string; onSwitched: () => void }) {
  const mine = useLoad(() => ok(gateway.GET('/v1/auth/merchants')), [current]);
  const [choice, setChoice] = useState(current);
  const { busy, error, run } = useAction();
  const list = mine.data?.data ?? [];
  if (list.length < 2) return null;

  async function switchTo(merchantId: string) {
    setChoice(merchantId);
    await run(async () => {
      // The answer's cookie now holds the new merchant's session (the old one ended).
      await ok(gateway.POST('/v1/auth/switch', { body: { merchant_id: merchantId } }));
      dashboardSession.set(true);
      onSwitched();
    });
  }

  return (
    <div className="merchant-switcher">
      <label htmlFor="merchant-switcher">Merchant</label>
      <select id="merchant-switcher" value={choice} disabled={busy} onChange={(e) => void switchTo(e.target.value)}>
        {list.map((m) => (
          <option key={m.merchant_id} value={m.merchant_id}>
            {m.business_name} ({roleName(m.role)})
          </option>
        ))}
      </select>
      <ApiErrorText error={error} />
    </div>
  );
}
