// The dashboard's API types are generated from the gateway's own OpenAPI document (/v1/openapi.json, built from the
// route schemas), so a field renamed in the gateway breaks the dashboard's typecheck instead of its pages.
// `npx tsx apps/web/scripts/writeGatewayApiTypes.ts` rewrites the file; a test fails when it is out of date.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { createTestGateway } from '../../gateway/src/_test/testGateway.ts';

export const GATEWAY_API_TYPES_FILE = fileURLToPath(new URL('./app/dashboard/gatewayApi.gen.ts', import.meta.url));

const HEADER =
  '// Generated from the gateway’s /v1/openapi.json by apps/web/scripts/writeGatewayApiTypes.ts; do not edit.\n';

/** The OpenAPI document as the gateway serves it, turned into TypeScript (formatted like the rest of the code). */
export async function generateGatewayApiTypes(): Promise<string> {
  const g = await createTestGateway();
  try {
    const res = await g.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/v1/openapi.json answered ${res.statusCode}`);
    const ast = await openapiTS(res.body, { alphabetize: false });
    const source = HEADER + astToString(ast);
    const config = (await resolveConfig(GATEWAY_API_TYPES_FILE)) ?? {};
    return format(source, { ...config, filepath: GATEWAY_API_TYPES_FILE });
  } finally {
    await g.close();
  }
}

export async function committedGatewayApiTypes(): Promise<string> {
  return readFile(GATEWAY_API_TYPES_FILE, 'utf8');
}
