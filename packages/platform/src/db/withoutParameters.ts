/**
 * Rethrows a driver error without the statement's parameters. They are request data and sealed secrets, and an
 * error travels to loggers (pino serialises every enumerable property) and error reports. PGlite attaches them as
 * `params` (and `queryOptions`), postgres.js as `parameters` and `args`; the SQL text, code and message stay.
 */
export function withoutParameters(err: unknown): never {
  if (typeof err === 'object' && err !== null) {
    for (const key of ['params', 'parameters', 'args', 'queryOptions']) {
      if (key in err) {
        try {
          delete (err as Record<string, unknown>)[key];
        } catch {
          // Non-configurable (postgres.js defines them so, and non-enumerable unless its debug option is on, so no
          // logger prints them); blank the value where it is writable.
          try {
            (err as Record<string, unknown>)[key] = undefined;
          } catch {
            // read-only and non-enumerable: invisible to loggers already
          }
        }
      }
    }
  }
  throw err;
}
