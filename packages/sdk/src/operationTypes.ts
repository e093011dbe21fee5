// Request and response types of one gateway operation, read from the generated OpenAPI types (openapi.ts).
import type { paths } from './openapi.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of the operation (never for bodiless ones). */
export type BodyOf<P extends keyof paths, M extends Method> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The query parameters of the operation. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The successful (200 or 201) JSON response of the operation. */
export type ResultOf<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: infer R }
    ? R extends { 201: { content: { 'application/json': infer C } } }
      ? C
      : R extends { 200: { content: { 'application/json': infer C } } }
        ? C
        : never
    : never;

/** The item type of a list operation. */
export type ItemOf<P extends keyof paths> = ResultOf<P, 'get'> extends { data: (infer I)[] } ? I : never;
