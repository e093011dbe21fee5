import { ADMIN_ANSWERS } from './adminAnswers.ts';
import { ADMIN_API } from './adminKit.ts';

/** The part of an OpenAPI document this reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/**
 * The operator console's API document: the served /v1/openapi.json's /admin/api paths (the same operations,
 * parameters, bodies and errors), each with its 200 answer as ADMIN_ANSWERS says. Not served: the apps/web operator
 * console's client types are generated from it (apps/web/scripts/operatorApiTypes.ts). The served document is left
 * unchanged. Throws when a route and ADMIN_ANSWERS disagree (a route without its answer, or an answer without its
 * route).
 */
export function adminApiDocument(served: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(served);
  const answers: Record<string, unknown> = ADMIN_ANSWERS;
  const paths: OpenApiDocument['paths'] = {};
  const answered = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${ADMIN_API}/`)) continue;
    paths[path] = methods;
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const answer = answers[key];
      if (!answer) throw new Error(`adminApiDocument: ${key} has no answer in ADMIN_ANSWERS`);
      // A plain JSON copy: the TypeBox schema's own (symbol) keys stay out of the document.
      const schema = JSON.parse(JSON.stringify(answer)) as unknown;
      op.responses = { 200: { description: 'Success', content: { 'application/json': { schema } } }, ...op.responses };
      answered.add(key);
    }
  }
  const unserved = Object.keys(answers).filter((k) => !answered.has(k));
  if (unserved.length) throw new Error(`adminApiDocument: no served route for ${unserved.join(', ')}`);
  return {
    openapi: doc.openapi,
    info: { title: 'Tender operator console API', version: doc.info.version },
    paths,
    components: { securitySchemes: { operatorBasic: doc.components?.securitySchemes?.operatorBasic } },
  };
}
