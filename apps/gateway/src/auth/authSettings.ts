import type { RateRule } from '../rateLimits/rateLimiter.ts';

/** argon2id cost. See `passwords.ts`. */
export interface PasswordHashing {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface AuthSettings {
  sessionTtlSeconds: number;
  sessionIdleSeconds: number;
  passwordHashing: PasswordHashing;
  rateLimits: AuthRateLimits;
}

/** What a context may set; anything left out takes the default below (rate limits one by one). */
export type AuthOverrides = Partial<Omit<AuthSettings, 'rateLimits'>> & { rateLimits?: Partial<AuthRateLimits> };

/**
 * Brute-force limits on the endpoints that take a secret. Per IP, every attempt counts; per account, only failures
 * count, so a stranger guessing cannot lock a merchant out of a correct sign-in from another address for longer
 * than the window, and a merchant's own successes never use up the budget.
 */
export interface AuthRateLimits {
  loginPerIp: RateRule;
  loginFailuresPerAccount: RateRule;
  /** Failures from a client holding a device token of the account (loginDevices.ts), instead of the account's. */
  loginFailuresPerDevice: RateRule;
  signupPerIp: RateRule;
  signupPerEmail: RateRule;
  idpPerIp: RateRule;
  idpPerAccount: RateRule;
  reauthFailuresPerUser: RateRule;
  /** Verification and change links mailed per user, so the endpoints cannot be used to flood a mailbox. */
  emailsPerUser: RateRule;
  /** Password-reset requests (every one counts), per client IP and per address asked about. */
  passwordResetPerIp: RateRule;
  passwordResetPerEmail: RateRule;
  /** Attempts to use a reset link (every one counts), per client IP. */
  passwordResetUsesPerIp: RateRule;
}

/** Session lifetimes (SESSION_TTL_SECONDS, SESSION_IDLE_SECONDS): the configuration's defaults too. */
export const DEFAULT_SESSION_TTL_SECONDS = 12 * 3600;
export const DEFAULT_SESSION_IDLE_SECONDS = 30 * 60;

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  loginPerIp: { limit: 60, windowSeconds: 900 },
  loginFailuresPerAccount: { limit: 10, windowSeconds: 900 },
  loginFailuresPerDevice: { limit: 10, windowSeconds: 900 },
  signupPerIp: { limit: 20, windowSeconds: 3600 },
  signupPerEmail: { limit: 5, windowSeconds: 3600 },
  idpPerIp: { limit: 60, windowSeconds: 900 },
  idpPerAccount: { limit: 30, windowSeconds: 900 },
  reauthFailuresPerUser: { limit: 10, windowSeconds: 900 },
  emailsPerUser: { limit: 5, windowSeconds: 3600 },
  passwordResetPerIp: { limit: 20, windowSeconds: 3600 },
  passwordResetPerEmail: { limit: 5, windowSeconds: 3600 },
  passwordResetUsesPerIp: { limit: 30, windowSeconds: 900 },
};

/**
 * OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20–40 ms per hash on a server core. Tests pass a
 * lower cost through the context; the configuration offers no way to lower it in a deployment.
 */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function resolveAuthSettings(a: AuthOverrides = {}): AuthSettings {
  return {
    sessionTtlSeconds: a.sessionTtlSeconds ?? DEFAULT_SESSION_TTL_SECONDS,
    sessionIdleSeconds: a.sessionIdleSeconds ?? DEFAULT_SESSION_IDLE_SECONDS,
    passwordHashing: a.passwordHashing ?? DEFAULT_PASSWORD_HASHING,
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ...a.rateLimits },
  };
}
