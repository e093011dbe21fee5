import { answeredDocument, type OpenApiDocument } from '@tender/platform';
import { ADMIN_ANSWERS } from './adminAnswers.ts';
import { ADMIN_API } from './adminKit.ts';

export type { OpenApiDocument } from '@tender/platform';

/**
 * The operator console's API document: the served /v1/openapi.json's /admin/api paths, each with its 200 answer as
 * ADMIN_ANSWERS says (the served routes declare only their errors). The apps/web operator console's client types are
 * generated from it (apps/web/scripts/operatorApiTypes.ts).
 */
export function adminApiDocument(served: OpenApiDocument): OpenApiDocument {
  return answeredDocument(served, {
    name: 'adminApiDocument',
    title: 'Tender operator console API',
    prefix: ADMIN_API,
    answers: ADMIN_ANSWERS,
    securityScheme: 'operatorBasic',
    attach: (op, schema) => {
      op.responses = { 200: { description: 'Success', content: { 'application/json': { schema } } }, ...op.responses };
    },
  });
}
