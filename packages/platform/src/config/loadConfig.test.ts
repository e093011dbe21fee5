import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './loadConfig.ts';
import { platformConfigSpec } from './platformConfig.ts';
import { field, port } from './configSpec.ts';

const spec = { ...platformConfigSpec, port: field({ env: 'PORT', doc: 'port', parse: port, default: 4000 }) };

describe('loadConfig', () => {
  it('applies defaults in the dev profile', () => {
    const c = loadConfig(spec, {});
    expect(c.profile).toBe('dev');
    expect(c.port).toBe(4000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.home).toBe('.tender');
  });
  it('names every problem in one error', () => {
    let err: unknown;
    try {
      loadConfig(spec, { PORT: '70000', LOG_LEVEL: 'loud', NODE_ENV: 'production' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    expect(msg).toContain('PORT must be between 0 and 65535');
    expect(msg).toContain('LOG_LEVEL must be one of');
    expect(msg).toContain('DATABASE_URL is required in the production profile');
    expect(msg).toContain('SECRET_BOX_KEYS is required in the production profile');
    expect((err as ConfigError).problems).toHaveLength(4);
  });
  it('parses a key ring with the first key current', () => {
    const c = loadConfig(spec, { SECRET_BOX_KEYS: `b:${'1'.repeat(64)},a:${'2'.repeat(64)}` });
    expect(c.secretKeys?.current).toBe('b');
    expect(Object.keys(c.secretKeys?.keys ?? {})).toEqual(['b', 'a']);
  });
});
