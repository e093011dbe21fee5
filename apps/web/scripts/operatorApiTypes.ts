// Generates the operator console client's types (apps/web/src/app/operator/operatorApiTypes.ts) from the operator
// document: the gateway's served /v1/openapi.json's /admin/api routes with their answers closed (apps/gateway/src/
// operator/adminApiDocument.ts), so the console cannot read a field the gateway does not serve.
// operatorApiTypes.test.ts fails when the committed file drifts.
import openapiTS, { astToString } from 'openapi-typescript';
import { adminApiDocument, type OpenApiDocument } from '@tender/gateway';
import { createTestGateway } from '../../gateway/src/_test/testGateway.ts';

export const GENERATED_PATH = new URL('../src/app/operator/operatorApiTypes.ts', import.meta.url);

const HEADER =
  '// Generated from the gateway’s /admin/api routes (adminApiDocument) by apps/web/scripts/operatorApiTypes.ts. Do\n' +
  '// not edit: run `npx tsx apps/web/scripts/operatorApiTypes.ts` after changing a console route or its answer.\n';

/** The generated module's text for the console routes the gateway serves now. */
export async function renderOperatorApiTypes(): Promise<string> {
  const g = await createTestGateway();
  try {
    const served = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApiDocument>();
    // As JSON text: openapiTS reads a document from a string as from a file.
    const doc = JSON.stringify(adminApiDocument(served));
    return HEADER + astToString(await openapiTS(doc, { exportType: true, alphabetize: true }));
  } finally {
    await g.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(GENERATED_PATH, await renderOperatorApiTypes());
  console.log(`wrote ${GENERATED_PATH.pathname}`);
}
