/**
 * A webhook attempt's error when it tells more than its status code: the gateway records a plain non-2xx answer as
 * the error "HTTP <status>", which beside the status code would read "HTTP 500 · HTTP 500". A timeout, a refused
 * connection, a redirect not followed or an answer cut short keep their words; with no status code, the error is all
 * there is and is always kept.
 */
export function errorBeyondStatus(error: string | null | undefined, statusCode: number | null): string | null {
  if (!error) return null;
  return statusCode !== null && error.trim() === `HTTP ${statusCode}` ? null : error;
}
