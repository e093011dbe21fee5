/** The part of an OpenAPI document answeredDocument reads and writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

export interface OpenApiOperation {
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export type JsonSchema = { properties?: Record<string, unknown> } & Record<string, unknown>;

export interface AnsweredDocumentOptions {
  /** Names the document in errors (the exported function that builds it). */
  name: string;
  title: string;
  /** The served paths to keep: those under `${prefix}/`. */
  prefix: string;
  /** Each kept operation's answer, keyed `METHOD /path` as the document spells the path. */
  answers: Readonly<Record<string, unknown>>;
  /** The security scheme the kept operations use. */
  securityScheme: string;
  /** Puts an operation's answer (a plain JSON schema) where this document's clients read it. */
  attach(op: OpenApiOperation, answer: JsonSchema, key: string): void;
}

/**
 * A client's API document, cut from a served one: the served paths under `prefix` (the same operations,
 * parameters, bodies and errors), each with its answer closed as `answers` says. Not served: a web client's types
 * are generated from it, so the client cannot read a field the server does not answer. The served document is
 * left unchanged. Throws when routes and answers disagree (a route without its answer, or an answer without its
 * route).
 */
export function answeredDocument(served: OpenApiDocument, o: AnsweredDocumentOptions): OpenApiDocument {
  const doc = structuredClone(served);
  const paths: OpenApiDocument['paths'] = {};
  const answered = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith(`${o.prefix}/`)) continue;
    paths[path] = methods;
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const answer = o.answers[key];
      if (!answer) throw new Error(`${o.name}: ${key} has no answer`);
      // A plain JSON copy: the TypeBox schema's own (symbol) keys stay out of the document.
      o.attach(op, JSON.parse(JSON.stringify(answer)) as JsonSchema, key);
      answered.add(key);
    }
  }
  const unserved = Object.keys(o.answers).filter((k) => !answered.has(k));
  if (unserved.length) throw new Error(`${o.name}: no served route for ${unserved.join(', ')}`);
  return {
    openapi: doc.openapi,
    info: { title: o.title, version: doc.info.version },
    paths,
    components: { securitySchemes: { [o.securityScheme]: doc.components?.securitySchemes?.[o.securityScheme] } },
  };
}
