/** A command used wrongly or missing what it needs: one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
