import { readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The part of Twilio's OpenAPI description (2010-04-01) the telephony simulator serves and validates against: the
 * operations the Twilio adapter calls, with every component schema they reference, unchanged. The subset is
 * extracted from the pinned full description (../_test/twilio-oai), so the product carries ~100 KB instead of
 * 1.8 MB; twilioOpenApiSubset.test.ts checks the committed file is exactly this extraction.
 *
 * Regenerate: npx tsx apps/agents/src/phone/simulator/twilioOpenApiSubset.ts
 */
export const SIMULATED_PATHS = [
  '/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/Local.json',
  '/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json',
  '/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json',
  '/2010-04-01/Accounts/{AccountSid}/Calls.json',
  '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json',
] as const;

const here = dirname(fileURLToPath(import.meta.url));
export const TWILIO_OPENAPI_SUBSET = resolve(here, 'twilio-oai/twilio_api_v2010.subset.json');
const PINNED_FULL = resolve(here, '../_test/twilio-oai/twilio_api_v2010.json');

type Json = Record<string, unknown>;

/** The subset of `full`: info, servers, security, the given paths whole, and the schemas they reach by $ref. */
export function extractTwilioSubset(full: Json, paths: readonly string[] = SIMULATED_PATHS): Json {
  const allPaths = full.paths as Record<string, unknown>;
  const components = full.components as { schemas: Record<string, unknown>; securitySchemes: unknown };
  const picked: Record<string, unknown> = {};
  for (const p of paths) {
    if (!allPaths[p]) throw new Error(`Twilio's description has no path ${p}`);
    picked[p] = allPaths[p];
  }
  const schemas: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
        const name = v.slice('#/components/schemas/'.length);
        if (!(name in schemas)) {
          schemas[name] = components.schemas[name];
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(picked);
  const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: full.openapi,
    info: full.info,
    servers: full.servers,
    security: full.security,
    components: { securitySchemes: components.securitySchemes, schemas: sorted },
    paths: picked,
  };
}

export async function readPinnedSubset(): Promise<Json> {
  return extractTwilioSubset(JSON.parse(await readFile(PINNED_FULL, 'utf8')) as Json);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(TWILIO_OPENAPI_SUBSET, `${JSON.stringify(await readPinnedSubset())}\n`);
}
