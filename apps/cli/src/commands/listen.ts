// `tender listen --forward-to <url>`: follows the merchant's live events and POSTs each to a local URL exactly as a
// webhook delivery would (same body, Tender-Signature header), signed with a secret printed at start, so a receiver
// under development verifies them with the code it runs in production. Each forward prints the receiver's status.
import { randomBytes } from 'node:crypto';
import { signatureHeader, SIGNATURE_HEADER } from '@tender/gateway';
import type { TenderEvent } from '@tender/sdk';
import type { ApiTarget } from './apiTarget.ts';
import type { Output } from './output.ts';
import { UsageError } from './usageError.ts';

export interface ListenParameters {
  forwardTo: string;
  events?: readonly string[] | undefined;
  /** Default: a new whsec_… per run (printed). */
  secret?: string | undefined;
  signal?: AbortSignal;
  /** Called once the stream is open (tests; the CLI prints "Ready"). */
  onReady?: () => void;
}

export async function listen(target: ApiTarget, out: Output, p: ListenParameters): Promise<void> {
  let forwardTo: URL;
  try {
    forwardTo = new URL(p.forwardTo);
  } catch {
    throw new UsageError(`--forward-to must be a URL, not "${p.forwardTo}"`);
  }
  const secret = p.secret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  out.result(
    { object: 'listen', forward_to: forwardTo.toString(), secret },
    `Forwarding events to ${forwardTo} — webhook signing secret: ${secret}`,
  );
  let ready = false;
  for await (const event of target.tender.events.stream({
    ...(p.events ? { types: p.events } : {}),
    ...(p.signal ? { signal: p.signal } : {}),
    onOpen: () => {
      if (ready) return out.info(out.dim('Reconnected; resuming after the last event'));
      ready = true;
      out.info('Ready. Ctrl-C to stop.');
      p.onReady?.();
    },
  })) {
    await forward(out, forwardTo, secret, event);
  }
}

async function forward(out: Output, url: URL, secret: string, event: TenderEvent): Promise<void> {
  const body = JSON.stringify(event);
  const started = Date.now();
  let status: number | string;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'tender-cli-listen',
        [SIGNATURE_HEADER]: signatureHeader(Math.floor(Date.now() / 1000), body, [secret]),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    status = res.status;
  } catch (err) {
    status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
  const ms = Date.now() - started;
  const ok = typeof status === 'number' && status >= 200 && status < 300;
  out.result(
    { event: event.id, type: event.type, status, ms },
    `${event.type.padEnd(22)} ${event.id}  → ${(ok ? out.green : out.red)(String(status))} ${out.dim(`${ms} ms`)}`,
  );
}
