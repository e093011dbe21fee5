// Networks: state, watcher lag, and an open incident with the facts the chain disagrees with; resolve it by applying
// the chain or by keeping the database (both audited by the API).
import { useState } from 'react';
import { useAction } from '../merchant/dashboard/useAction.ts';
import { useLoad } from '../merchant/dashboard/useLoad.ts';
import { counted } from '../shared/format.ts';
import { formatAmountOrUnits } from '../shared/money.ts';
import { consoleApi, type ResolvedIncident } from './consoleApi.ts';
import { ConsoleError } from './OperationsPanels.tsx';

export function NetworksPanel() {
  const list = useLoad(() => consoleApi.networks(), []);
  const [open, setOpen] = useState<string | null>(null);
  const [resolved, setResolved] = useState<ResolvedIncident | null>(null);
  return (
    <section className="card" aria-labelledby="networks-title">
      <h2 id="networks-title">Networks</h2>
      <ConsoleError error={list.error} />
      {resolved ? (
        <p role="status" className="console-ok">
          Incident on {resolved.network} resolved:{' '}
          {resolved.resolution === 'applied_chain'
            ? `chain applied above block ${resolved.agreedBlock ?? '(it agreed again)'}; ${counted(resolved.transfersRolledBack, 'transfer')} rolled back, ${counted(resolved.paymentsRederived, 'payment')} re-derived`
            : 'the database was kept; the watcher goes on'}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Network</th>
            <th>State</th>
            <th>Watcher</th>
            <th>Node head</th>
            <th>Lag</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(list.data?.networks ?? []).map((n) => (
            <tr key={n.network}>
              <td>
                {n.name}
                <br />
                <code>{n.network}</code>
              </td>
              <td>
                <span className={`badge state-${n.state}`}>{n.state}</span>
                {n.unavailableReason ? <div className="muted">{n.unavailableReason}</div> : null}
              </td>
              <td>{n.watcher?.cursorBlock ?? '—'}</td>
              <td>{n.head ?? n.headError ?? '—'}</td>
              <td>{n.lagBlocks === null ? '—' : `${n.lagBlocks} blocks`}</td>
              <td>
                {n.incident ? (
                  <button type="button" className="danger" onClick={() => setOpen(n.network)}>
                    View incident on {n.network}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? (
        <IncidentCard
          network={open}
          onResolved={(r) => {
            setResolved(r);
            setOpen(null);
            void list.reload();
          }}
        />
      ) : null}
      {list.data && list.data.recentlyResolved.length > 0 ? (
        <>
          <h3>Recently resolved</h3>
          <ul className="console-rows">
            {list.data.recentlyResolved.map((i) => (
              <li key={i.id}>
                {i.network} · {i.kind} · above block {i.agreedBlock} ·{' '}
                {i.resolution ? `${i.resolution} by ${i.resolvedBy ?? '?'}` : 'the chain agreed again'} ·{' '}
                {new Date(i.resolvedAt!).toLocaleString()}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function IncidentCard({ network, onResolved }: { network: string; onResolved: (r: ResolvedIncident) => void }) {
  const facts = useLoad(() => consoleApi.incident(network), [network]);
  const action = useAction();
  const [confirming, setConfirming] = useState<'apply_chain' | 'keep_database' | null>(null);
  const f = facts.data;
  if (!f) return <ConsoleError error={facts.error} />;
  const i = f.incident;
  return (
    <article className="console-detail" aria-label={`Incident on ${network}`}>
      <h3>Incident on {network}</h3>
      <p>
        Final facts recorded above block <strong>{i.agreedBlock}</strong> (up to {i.recordedBlock}) are not on the chain
        the node follows (head {i.headBlock} when found, {new Date(i.detectedAt).toLocaleString()}):{' '}
        {counted(i.finalTransfers, 'final transfer')} of {counted(i.payments, 'payment')},{' '}
        {counted(i.settlements, 'sweep')}. The watcher records nothing on this network until it is resolved.
      </p>
      {f.nodeError ? <p className="console-error">{f.nodeError}</p> : null}
      <table>
        <thead>
          <tr>
            <th>Block</th>
            <th>Recorded block hash</th>
            <th>Chain has</th>
            <th>Payment</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {f.transfers.map((t) => (
            <tr key={`${t.txHash}-${t.blockNumber}`}>
              <td>{t.blockNumber}</td>
              <td>
                <code>{t.recordedBlockHash}</code>
              </td>
              <td>
                <code className={t.chainBlockHash === t.recordedBlockHash ? '' : 'differs'}>
                  {t.chainBlockHash ?? '(no block)'}
                </code>
              </td>
              <td>
                <code>{t.paymentId}</code>
              </td>
              <td>
                {/* As the merchant's payment page shows a transfer: a token without a symbol keeps all its decimals. */}
                {formatAmountOrUnits(t.amount, t.amountUnits, t.tokenSymbol, t.tokenSymbol ? undefined : 18)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {confirming ? (
        <div className="console-confirm" role="group" aria-label="Confirm resolution">
          <p>
            {confirming === 'apply_chain'
              ? 'Re-read the chain and apply it: the facts above the last agreeing block are rolled back and their payments re-derived.'
              : 'Keep the database: the recorded facts stand and are no longer compared with the chain.'}
          </p>
          <button
            type="button"
            className="danger"
            disabled={action.busy}
            onClick={() =>
              void action.run(async () => onResolved((await consoleApi.resolve(network, confirming)).resolved))
            }
          >
            Confirm
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      ) : (
        <p>
          <button type="button" onClick={() => setConfirming('apply_chain')}>
            Apply the chain
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setConfirming('keep_database')}>
            Keep the database
          </button>
        </p>
      )}
      <ConsoleError error={action.error} />
    </article>
  );
}
