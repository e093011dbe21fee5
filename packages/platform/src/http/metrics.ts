import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A Prometheus registry per server, so two servers in one process (dev) never share series. */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(opts: { defaultMetrics?: boolean; prefix?: string } = {}) {
    if (opts.defaultMetrics) collectDefaultMetrics({ register: this.registry, prefix: opts.prefix ?? '' });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect: (g: Gauge<L>) => Promise<void> | void,
  ): Gauge<L> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }
}
