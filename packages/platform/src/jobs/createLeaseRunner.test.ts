import { describe, expect, it } from 'vitest';
import { createLeaseRunner, type LeaseRunnerOptions } from './createLeaseRunner.ts';
import type { JobLease } from './job.ts';
import { LeaseLostError, RunnerStoppingError } from './jobErrors.ts';
import type { LeasedRun } from './leasedRun.ts';

// The loop alone, over an in-memory store: what the job runner and the webhook delivery runner both rely on. Their
// own tests (leases, jobsAcrossProcesses, deliveryRunner, crashRecovery) prove the same against the databases.

const quiet = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Item extends JobLease {
  n: number;
}

/** A store of due items and the runner's hooks over it; `listenDelayMs` makes LISTEN slow (start-up in flight). */
function fakeStore(opts: { due?: number; listenDelayMs?: number } = {}) {
  let due = opts.due ?? 0;
  let seq = 0;
  const s = {
    claims: 0,
    ran: [] as number[],
    released: [] as number[],
    unlistened: 0,
    notify: (_payload: string): void => {},
    add(k: number) {
      due += k;
      s.notify('mine');
    },
    extend: (leases: JobLease[]): Promise<Set<string>> => Promise.resolve(new Set(leases.map((l) => l.id))),
    run: async (run: LeasedRun<Item>): Promise<void> => {
      s.ran.push(run.item.n);
      run.settle();
    },
  };
  const options = (over: Partial<LeaseRunnerOptions<Item>> = {}): LeaseRunnerOptions<Item> => ({
    name: 'test',
    db: {
      channel: (name) => name,
      listen: async (_channel, onNotify) => {
        await sleep(opts.listenDelayMs ?? 0);
        s.notify = onNotify;
        return async () => void s.unlistened++;
      },
    },
    concurrency: 4,
    leaseMs: 300,
    pollMs: 10_000,
    listen: true,
    logger: quiet,
    wakesOn: (payload) => payload === 'mine',
    leaseOf: (item) => item,
    claim: async (limit) => {
      s.claims++;
      const k = Math.min(limit, due);
      due -= k;
      return Array.from({ length: k }, () => ({ id: String(++seq), leaseToken: `t${seq}`, n: seq }));
    },
    run: (run) => s.run(run),
    release: async (items) => void s.released.push(...items.map((i) => i.n)),
    extend: (leases) => s.extend(leases),
    ...over,
  });
  return { s, options };
}

describe('createLeaseRunner', () => {
  it('runs what is due in free slots, then claims nothing more until a wake-up', async () => {
    const { s, options } = fakeStore({ due: 10 });
    const runner = createLeaseRunner(options());
    await runner.start();
    await sleep(50);
    expect(s.ran).toHaveLength(10);
    const claims = s.claims;
    await sleep(50);
    expect(s.claims).toBe(claims); // drained: no claim without a wake-up
    s.add(3);
    await sleep(50);
    expect(s.ran).toHaveLength(13);
    s.notify('someone else'); // another runner's payload on the shared channel
    await sleep(20);
    expect(s.claims).toBe(claims + 1);
    await runner.stop();
  });

  it('a stop during start-up lets start finish, then undoes it: listening ended, nothing claimed afterwards', async () => {
    const { s, options } = fakeStore({ due: 0, listenDelayMs: 50 });
    const runner = createLeaseRunner(options());
    const started = runner.start();
    const stopped = runner.stop();
    await started;
    await stopped;
    expect(s.unlistened).toBe(1);
    const claims = s.claims;
    s.add(5);
    await sleep(50);
    expect(s.claims).toBe(claims);
    expect(s.ran).toEqual([]);
    await expect(runner.start()).rejects.toThrow(/already started or stopped/);
  });

  it('hands back, unrun, what a claim in flight took while the stop began', async () => {
    const { s, options } = fakeStore({ due: 3 });
    let claimed!: () => void;
    const runner = createLeaseRunner(
      options({
        listen: false,
        claim: async (limit) => {
          await new Promise<void>((r) => (claimed = r));
          return Array.from({ length: Math.min(limit, 3) }, (_, i) => ({ id: `${i}`, leaseToken: 't', n: i }));
        },
      }),
    );
    await runner.start();
    await sleep(10);
    let stopped = false;
    const stop = runner.stop().then(() => (stopped = true));
    await sleep(10);
    expect(stopped).toBe(false); // waits for the claim in flight
    claimed();
    await stop;
    expect(s.ran).toEqual([]);
    expect(s.released).toEqual([0, 1, 2]);
  });

  it('aborts a run whose extension is refused with the lease-lost reason, and marks it lost', async () => {
    const { s, options } = fakeStore({ due: 1 });
    let run!: LeasedRun<Item>;
    s.run = async (r) => {
      run = r;
      await new Promise((resolve) => r.onAbort(resolve));
      r.settle();
    };
    s.extend = async () => new Set();
    const runner = createLeaseRunner(
      options({ lostError: (id) => new LeaseLostError(id, `lease on thing ${id} is no longer held`) }),
    );
    await runner.start();
    await sleep(250); // a heartbeat every 100 ms
    expect(run.lost).toBe(true);
    expect(run.signal.aborted).toBe(true);
    expect(run.abortReason).toBeInstanceOf(LeaseLostError);
    expect(String(run.abortReason)).toMatch(/lease on thing 1/);
    await runner.stop();
  });

  it('keeps extending while extensions succeed; a run whose extension fails past its deadline is lost', async () => {
    const { s, options } = fakeStore({ due: 1 });
    let run!: LeasedRun<Item>;
    let extensions = 0;
    s.run = async (r) => {
      run = r;
      await new Promise((resolve) => r.onAbort(resolve));
      r.settle();
    };
    s.extend = async (leases) => {
      extensions++;
      return new Set(leases.map((l) => l.id));
    };
    const runner = createLeaseRunner(options());
    await runner.start();
    await sleep(450); // longer than the lease
    expect(extensions).toBeGreaterThanOrEqual(3);
    expect(run.aborted).toBe(false);
    s.extend = () => Promise.reject(new Error('database unreachable'));
    await sleep(450);
    expect(run.lost).toBe(true);
    await runner.stop();
  });

  it('stop aborts the runs held with RunnerStoppingError and waits until each has settled its lease', async () => {
    const { s, options } = fakeStore({ due: 2 });
    const held: LeasedRun<Item>[] = [];
    s.run = async (r) => {
      held.push(r);
      await new Promise((resolve) => r.onAbort(resolve));
      // The slot is free now, but the outcome is written later: the lease stays held until then.
      setTimeout(() => r.settle(), 50);
    };
    const runner = createLeaseRunner(options());
    await runner.start();
    await sleep(20);
    expect(runner.inFlight).toBe(2);
    let stopped = false;
    const stop = runner.stop().then(() => (stopped = true));
    await sleep(20);
    expect(held.map((r) => r.abortReason instanceof RunnerStoppingError)).toEqual([true, true]);
    expect(runner.inFlight).toBe(0);
    expect(stopped).toBe(false);
    await stop;
  });
});
