/**
 * `tender start` refuses to run, for a reason the operator fixes (another instance owns the home or the devnet, a
 * secret key that cannot open the stored secrets). main.ts prints the message alone, without a stack trace.
 */
export class StartRefusedError extends Error {
  override readonly name = 'StartRefusedError';
}
