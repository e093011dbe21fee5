import { describe, expect, it } from 'vitest';
import {
  checkFeatureRoles,
  featureQueues,
  FeatureRolesError,
  startFeatureWorkers,
  type Feature,
  type FeatureWorker,
} from './feature.ts';

function worker(name: string, log: string[], opts: { role?: string; failStart?: boolean } = {}): FeatureWorker {
  return {
    name,
    ...(opts.role ? { role: opts.role } : {}),
    async start() {
      if (opts.failStart) throw new Error(`${name} cannot start`);
      log.push(`start ${name}`);
    },
    async stop() {
      log.push(`stop ${name}`);
    },
  };
}

describe('feature contract', () => {
  it('starts the workers of the process roles in list order and stops them in reverse', async () => {
    const log: string[] = [];
    const features: Feature[] = [
      { name: 'a', workers: [worker('a.sweep', log), worker('a.listener', log, { role: 'api' })] },
      { name: 'b', workers: [worker('b.socket', log, { role: 'realtime' }), worker('b.prune', log)] },
    ];
    const running = await startFeatureWorkers(features, new Set(['api', 'workers']));
    expect(running.names).toEqual(['a.sweep', 'a.listener', 'b.prune']);
    await running.stop();
    expect(log).toEqual([
      'start a.sweep',
      'start a.listener',
      'start b.prune',
      'stop b.prune',
      'stop a.listener',
      'stop a.sweep',
    ]);
  });

  it('a start that fails stops the workers already started, then rethrows', async () => {
    const log: string[] = [];
    const features: Feature[] = [
      { name: 'a', workers: [worker('a.one', log), worker('a.two', log, { failStart: true }), worker('a.three', log)] },
    ];
    await expect(startFeatureWorkers(features, new Set(['workers']))).rejects.toThrow('a.two cannot start');
    expect(log).toEqual(['start a.one', 'stop a.one']);
  });

  it("refuses roles a feature cannot run apart, with the feature's reason", () => {
    const f: Feature = {
      name: 'phone',
      refuseRoles: (roles) => (roles.has('api') !== roles.has('realtime') ? 'api and realtime together' : undefined),
    };
    expect(() => checkFeatureRoles([f], new Set(['api', 'realtime']))).not.toThrow();
    expect(() => checkFeatureRoles([f], new Set(['workers']))).not.toThrow();
    expect(() => checkFeatureRoles([f], new Set(['api']))).toThrow(FeatureRolesError);
    expect(() => checkFeatureRoles([f], new Set(['realtime']))).toThrow('phone: api and realtime together');
  });

  it('merges the queues of the features and refuses a queue declared twice', () => {
    const q = { handler: async () => undefined };
    expect(
      Object.keys(
        featureQueues([
          { name: 'a', queues: { x: q } },
          { name: 'b', queues: { y: q } },
        ]),
      ),
    ).toEqual(['x', 'y']);
    expect(() =>
      featureQueues([
        { name: 'a', queues: { x: q } },
        { name: 'b', queues: { x: q } },
      ]),
    ).toThrow('job queue "x" is declared twice (feature b)');
  });
});
