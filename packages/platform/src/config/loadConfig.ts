import type { ConfigOf, Profile, Spec } from './configSpec.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Tender cannot start: the configuration has ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** The profile: `production` when NODE_ENV=production (or TENDER_PROFILE=production), else `dev`. */
export function profileOf(env: NodeJS.ProcessEnv): Profile {
  return env.NODE_ENV === 'production' || env.TENDER_PROFILE === 'production' ? 'production' : 'dev';
}

/**
 * Reads a spec from the environment. Empty strings count as unset. Collects every problem of every field
 * before throwing one ConfigError.
 */
export function loadConfig<S extends Spec>(
  spec: S,
  env: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> & { profile: Profile } {
  const { config, problems } = readConfig(spec, env);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * Reads a spec without throwing: the values that parsed (a field with a problem is absent) and every problem. For
 * callers that check rules across fields and must report them with the fields' own problems in one ConfigError.
 */
export function readConfig<S extends Spec>(
  spec: S,
  env: NodeJS.ProcessEnv = process.env,
): { config: ConfigOf<S> & { profile: Profile }; problems: string[] } {
  const profile = profileOf(env);
  const problems: string[] = [];
  const out: Record<string, unknown> = { profile };
  for (const [key, f] of Object.entries(spec)) {
    const raw = env[f.env];
    if (raw === undefined || raw === '') {
      const needed = f.required === 'always' || (f.required === 'production' && profile === 'production');
      if (needed) {
        problems.push(
          `${f.env} is required${f.required === 'production' ? ' in the production profile' : ''} (${f.doc})`,
        );
        continue;
      }
      out[key] = typeof f.default === 'function' ? (f.default as (p: Profile) => unknown)(profile) : f.default;
      continue;
    }
    try {
      out[key] = f.parse(raw);
    } catch (err) {
      problems.push(`${f.env} ${(err as Error).message}`);
    }
  }
  return { config: out as ConfigOf<S> & { profile: Profile }, problems };
}

/** Rows for the README's configuration table. */
export function describeSpec(spec: Spec): { env: string; doc: string; required: string; secret: boolean }[] {
  return Object.values(spec).map((f) => ({
    env: f.env,
    doc: f.doc,
    required: f.required ?? 'no',
    secret: !!f.secret,
  }));
}
