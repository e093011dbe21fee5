import { field } from '../config/configSpec.ts';

/**
 * The operator's credentials, one pair for both services: the agents' admin API and the gateway's console (/admin/
 * and /admin/api on each). Both specs spread this fragment, so `tender start` reads it once.
 */
export const operatorConfigSpec = {
  operatorUsername: field({
    env: 'OPERATOR_USERNAME',
    doc: 'User name of the operator admin paths /admin/ and /admin/api of both services (HTTP Basic)',
    parse: (raw: string) => {
      if (!/^[^:\s]{1,100}$/.test(raw)) throw new Error('must be 1-100 characters without ":" or spaces');
      return raw;
    },
    default: 'operator',
  }),
  operatorPassword: field({
    env: 'OPERATOR_PASSWORD',
    doc: 'Password of the operator admin paths of both services (HTTP Basic, compared in constant time); unset in dev: they answer 503',
    parse: (raw: string) => {
      if (raw.length < 16) throw new Error('must be at least 16 characters');
      return raw;
    },
    required: 'production',
    secret: true,
  }),
} as const;
