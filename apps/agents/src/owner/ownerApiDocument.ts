import { answeredDocument, type OpenApiDocument } from '@tender/platform';
import { OWNER_API } from './ownerRoutes.ts';
import { OWNER_ANSWERS } from './ownerAnswers.ts';

export type { OpenApiDocument } from '@tender/platform';

/**
 * The owner dashboard's API document: the served /openapi.json's /owner/api paths, with each success's `data`
 * closed as OWNER_ANSWERS says. The apps/web owner client's types are generated from it
 * (apps/web/scripts/ownerApiTypes.ts).
 */
export function ownerApiDocument(served: OpenApiDocument): OpenApiDocument {
  return answeredDocument(served, {
    name: 'ownerApiDocument',
    title: 'Tender owner dashboard API',
    prefix: OWNER_API,
    answers: OWNER_ANSWERS,
    securityScheme: 'ownerSession',
    attach: (op, data, key) => {
      const envelope = op.responses['200']?.content?.['application/json']?.schema;
      if (!envelope?.properties) throw new Error(`ownerApiDocument: ${key} answers no envelope`);
      envelope.properties.data = data;
    },
  });
}
