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
    return (
      HEADER +
      astToString(await openapiTS(doc, { exportType: true, alphabetize: true })) +
      enumLists(doc as OpenApiDocument)
    );
  } finally {
    await g.close();
  }
}

interface OpenApiDocument {
  paths: Record<string, Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The value lists a client needs at run time (a filter's choices, a subscription form), taken from the same document:
 * types alone cannot be listed. Each is checked against its generated type.
 */
function enumLists(doc: OpenApiDocument): string {
  const paymentStatuses: string[] = doc.paths['/v1/payments']!.get.parameters.find(
    (p: { name: string }) => p.name === 'status',
  ).schema.enum;
  const eventTypes: string[] = doc.paths['/v1/webhook-endpoints']!.post.requestBody.content[
    'application/json'
  ].schema.properties.enabled_events.items.enum.filter((t: string) => t !== '*');
  const list = (values: string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  return (
    `\n/** Every payment status: the choices of the \`status\` filter of GET /v1/payments. */\n` +
    `export const PAYMENT_STATUSES = ${list(paymentStatuses)} as const satisfies ` +
    `readonly NonNullable<NonNullable<paths['/v1/payments']['get']['parameters']['query']>['status']>[];\n` +
    `/** Every event type a webhook endpoint can subscribe to (besides "*", all of them). */\n` +
    `export const WEBHOOK_EVENT_TYPES = ${list(eventTypes)} as const satisfies ` +
    `readonly paths['/v1/webhook-endpoints']['post']['requestBody']['content']['application/json']['enabled_events'][number][];\n`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFile } = await import('node:fs/promises');
  await writeFile(GENERATED_PATH, await renderOpenApiTypes());
  console.log(`wrote ${GENERATED_PATH.pathname}`);
}
