import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

// A paid route's operation input, typed from the schema Fastify validated the request against (never a cast): the
// same schema object goes to the route's `schema` and here, so the operation's input type must agree with it.

/** The validated body of a route whose body schema is `schema`. */
export const bodyOf =
  <S extends TSchema>(_schema: S) =>
  (req: FastifyRequest<{ Body: Static<S> }>) =>
    req.body;

/** The validated query of a route whose querystring schema is `schema`. */
export const queryOf =
  <S extends TSchema>(_schema: S) =>
  (req: FastifyRequest<{ Querystring: Static<S> }>) =>
    req.query;

/** The validated path parameters of a route whose params schema is `schema`. */
export const paramsOf =
  <S extends TSchema>(_schema: S) =>
  (req: FastifyRequest<{ Params: Static<S> }>) =>
    req.params;
