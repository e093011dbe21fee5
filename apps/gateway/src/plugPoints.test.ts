import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('.', import.meta.url).pathname;
const importsOf = (file: string) =>
  [...readFileSync(join(src, file), 'utf8').matchAll(/(?:import|export)[^'";]*?from\s+['"](\.[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
const sources = (folder: string) =>
  readdirSync(join(src, folder))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `${folder}/${f}`);

// The hubs offer plug points (plugPoints.ts) that runtime.ts fills; they never import the features that plug in,
// so adding a reaction, a fact source, a subscriber or a matcher is an entry in registerPlugs, not a hub edit.
describe('plug points', () => {
  it.each([
    ['payments', ['../invoices/', '../refunds/', '../settlement/', '../settings/']],
    ['outbox', ['../webhooks/']],
    ['watcher', ['../refunds/']],
    ['settings', ['../payments/createPaymentIntent']],
  ])('%s/ imports none of the features that plug into it', (hub, features) => {
    const offending = sources(hub).flatMap((f) =>
      importsOf(f)
        .filter((i) => features.some((p) => i.startsWith(p)))
        .map((i) => `${f} → ${i}`),
    );
    expect(offending).toEqual([]);
  });

  it('the watcher is named steps, none over 150 lines', () => {
    for (const f of sources('watcher')) {
      const lines = readFileSync(join(src, f), 'utf8').split('\n');
      // A top-level function runs from its `function` line to the next line that closes at column 0.
      lines.forEach((l, i) => {
        if (!/^(export )?(async )?function /.test(l)) return;
        const end = lines.findIndex((m, j) => j > i && m === '}');
        expect(end - i, `${f}:${i + 1}`).toBeLessThanOrEqual(150);
      });
    }
  });
});
