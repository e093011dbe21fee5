import { OWNER_API } from './ownerRoutes.ts';
import { OWNER_ANSWERS } from './ownerAnswers.ts';

/** The part of an OpenAPI document this reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}
type Json = { properties?: Record<string, unknown> } & Record<string, unknown>;

/**
 * The owner dashboard's API document: the served /openapi.json's /owner/api paths (the same operations, parameters,
 * bodies and errors), with each success's `data` closed as OWNER_ANSWERS says. Not served: the apps/web owner
 * client's types are generated from it (apps/web/scripts/ownerApiTypes.ts). The served document is left unchanged.
 * Throws when a route and OWNER_ANSWERS disagree (a route without its answer, or an answer without its route).
 */
export function ownerApiDocument(served: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(served);
  const paths: OpenApiDocument['paths'] = {};
  const answered = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${OWNER_API}/`)) continue;
    paths[path] = methods;
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const answer = OWNER_ANSWERS[key];
      const envelope = op.responses['200']?.content?.['application/json']?.schema;
      if (!answer || !envelope?.properties) throw new Error(`ownerApiDocument: ${key} has no answer in OWNER_ANSWERS`);
      // A plain JSON copy: the TypeBox schema's own (symbol) keys stay out of the document.
      envelope.properties.data = JSON.parse(JSON.stringify(answer)) as unknown;
      answered.add(key);
    }
  }
  const unserved = Object.keys(OWNER_ANSWERS).filter((k) => !answered.has(k));
  if (unserved.length) throw new Error(`ownerApiDocument: no served route for ${unserved.join(', ')}`);
  return {
    openapi: doc.openapi,
    info: { title: 'Tender owner dashboard API', version: doc.info.version },
    paths,
    components: { securitySchemes: { ownerSession: doc.components?.securitySchemes?.ownerSession } },
  };
}
