import { ApiError } from '../../shared/apiError.ts';

/** The API's name of a payment link's time to pay, which it takes and checks in seconds. */
const EXPIRY_PATH = 'intent_expires_in_seconds';

/**
 * `error` as the payment link forms show it: the API's refusal of `intent_expires_in_seconds` ("… must be at least
 * 300") reworded for the field the merchant typed into, which is in minutes ("Time to pay must be at least 5
 * minutes"), at the field and in the form's message alike. Only what the dashboard shows changes: the API answers its
 * clients in the seconds they send. Any other error, or one without that field, is returned as it is.
 */
export function expiryInMinutes(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.details.some((d) => d.path === EXPIRY_PATH)) return error;
  let message = error.message;
  const details = error.details.map((d) => {
    if (d.path !== EXPIRY_PATH) return d;
    const reworded = inMinutes(d.message);
    // The form's message is the details' sentences joined: the same words, replaced where they stand.
    message = message.replace(d.message, reworded);
    return { path: d.path, message: reworded };
  });
  return new ApiError(error.status, error.code, message, details);
}

/** A bound in seconds said in minutes; any other rule (a value that is no number) as what the field wants. */
function inMinutes(message: string): string {
  const bound = /\bmust be (at least|at most|greater than|less than) (\d+)$/.exec(message);
  if (!bound) return 'Time to pay must be a number of minutes';
  const minutes = Number((Number(bound[2]) / 60).toFixed(2));
  return `Time to pay must be ${bound[1]} ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
