// An API failure as the gateway's UIs hold it (api.ts makes them): the API's own code, message and field details.
// A file of its own, free of the browser's globals, so code that only reads failures can be tested under Node.

/** One failing field of a VALIDATION_FAILED answer (`path` as the API names it: `amount`, `line_items[0].unit_amount`). */
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly FieldError[] = [],
  ) {
    super(message);
  }
}
