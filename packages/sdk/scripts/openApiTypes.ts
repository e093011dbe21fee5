// Generates the SDK's request and response types from the OpenAPI document the gateway serves, so the SDK cannot
// describe an API that differs from the running one (openApiTypes.test.ts fails when the committed file drifts).
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestGateway } from '../../../apps/gateway/src/_test/testGateway.ts';

export const GENERATED_PATH = new URL('../src/openapi.ts', import.meta.url);

const HEADER =
  '// Generated from the gateway’s /v1/openapi.json by packages/sdk/scripts/openApiTypes.ts. Do not edit:\n' +
  '// run `npx tsx packages/sdk/scripts/openApiTypes.ts` after changing a route schema.\n';

/** The generated module's text for the document the gateway serves now. */
export async function renderOpenApiTypes(): Promise<string> {
  const g = await createTestGateway();
  try {
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    return HEADER + astToString(await openapiTS(doc, { exportType: true, alphabetize: true }));
  } finally {
    await g.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(GENERATED_PATH, await renderOpenApiTypes());
  console.log(`wrote ${GENERATED_PATH.pathname}`);
}
