// Generates the owner dashboard client's types (apps/web/src/app/owner/ownerApiTypes.ts) from the owner document:
// the agents' served /openapi.json's /owner/api routes with their answers closed (apps/agents/src/owner/
// ownerApiDocument.ts), so the dashboard cannot read a field the agents do not serve. ownerApiTypes.test.ts fails
// when the committed file drifts.
import openapiTS, { astToString } from 'openapi-typescript';
import { ownerApiDocument, type OpenApiDocument } from '@tender/agents';
import { openAgentsDb, startAgents } from '../../agents/src/_test/agentsTestKit.ts';

export const GENERATED_PATH = new URL('../src/app/owner/ownerApiTypes.ts', import.meta.url);

const HEADER =
  '// Generated from the agents’ /owner/api routes (ownerApiDocument) by apps/web/scripts/ownerApiTypes.ts. Do not\n' +
  '// edit: run `npx tsx apps/web/scripts/ownerApiTypes.ts` after changing an owner route or its answer.\n';

/** The generated module's text for the owner routes the agents serve now. */
export async function renderOwnerApiTypes(): Promise<string> {
  const db = await openAgentsDb();
  try {
    const h = await startAgents({ db });
    try {
      const served = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
      // As JSON text: openapiTS reads a document from a string as from a file.
      const doc = JSON.stringify(ownerApiDocument(served));
      return HEADER + astToString(await openapiTS(doc, { exportType: true, alphabetize: true }));
    } finally {
      await h.close();
    }
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(GENERATED_PATH, await renderOwnerApiTypes());
  console.log(`wrote ${GENERATED_PATH.pathname}`);
}
