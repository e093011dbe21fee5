// `tender start` as a real child process, for the tests that need a process to die or to meet another one:
// the devnet ownership tests and the crash suite.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@tender/platform';
import { testPort } from '@tender/platform/testing';

const root = new URL('../../../../', import.meta.url).pathname;

export async function waitFor<T>(fn: () => Promise<T | undefined>, ms: number, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface TenderChild {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A fresh TENDER_HOME with free ports. */
export async function tenderEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    TENDER_HOME: await mkdtemp(join(tmpdir(), 'tender-proc-')),
    GATEWAY_PORT: String(await testPort()),
    AGENTS_PORT: String(await testPort()),
    SMTP_PORT: String(await testPort()),
    ...extra,
  };
}

/** Starts `tender start` the way a person does (the npm script's entry). `detached`: its own process group. */
export function startTenderChild(
  env: Record<string, string>,
  opts: { detached?: boolean; args?: string[]; compiled?: boolean } = {},
): TenderChild {
  // compiled: through bin/tender.mjs as `npm start` runs it (the bundle, rebuilt when stale), not the sources.
  const entry = opts.compiled ? ['apps/cli/bin/tender.mjs'] : ['--import', 'tsx', 'apps/cli/src/main.ts'];
  const child = spawn(process.execPath, [...entry, 'start', ...(opts.args ?? [])], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

/**
 * Resolves when the start has finished (the banner is printed, so signal handlers are installed) and the gateway
 * answers /healthz. Throws with the child's output if it exits or times out.
 */
export async function healthy(t: TenderChild, env: Record<string, string>, ms = 120_000): Promise<void> {
  const up = waitFor(
    async () =>
      t.output().includes('Tender is running') && (await fetch(`http://127.0.0.1:${env.GATEWAY_PORT}/healthz`)).ok
        ? true
        : undefined,
    ms,
    'the start banner and /healthz',
  );
  const died = t.exited.then((e) => {
    throw new Error(`tender exited (${e.code ?? e.signal}) before it was healthy:\n${t.output()}`);
  });
  await Promise.race([up, died]).catch((err: Error) => {
    throw new Error(`${err.message}\n${t.output()}`);
  });
}

export async function stopTender(t: TenderChild): Promise<number | null> {
  if (t.child.exitCode !== null || t.child.signalCode !== null) return t.child.exitCode;
  t.child.kill('SIGTERM');
  return (await t.exited).code;
}

export async function devJsonOf(home: string): Promise<{
  gateway: { url: string; testApiKey: string; merchantId: string };
  devnet: { rpcUrl: string; tokens: Record<string, `0x${string}`>; accounts: `0x${string}`[] };
}> {
  return JSON.parse(await readFile(join(home, 'dev.json'), 'utf8'));
}

export async function removeHome(home: string): Promise<void> {
  await rm(home, { recursive: true, force: true });
}

/**
 * A database of its own on the DATABASE_URL server (tender start works in the public schema), dropped by the
 * returned function.
 */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `tender_t_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ url: base.toString(), poolSize: 1 });
  await admin.exec(`create database ${name}`);
  await admin.close();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = await openDatabase({ url: base.toString(), poolSize: 1 });
      await a.exec(`drop database if exists ${name} with (force)`);
      await a.close();
    },
  };
}
