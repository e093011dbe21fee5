/**
 * Who answers an outbound call in the telephony simulator, chosen by the last four digits of the dialled number
 * (fictional NANP numbers +1 NPA 555 01xx; any area code):
 *
 *   …0100  answers and speaks one line ("Hello, this is the simulated callee."), then listens until the call ends
 *   …0101  busy
 *   …0102  does not answer (rings for the call's Timeout, 60 s by default, then no-answer)
 *   …0103  the call fails (unreachable)
 *   …0110–…0149  answers, speaks its line and hangs up after 10–49 seconds (the last two digits)
 *
 * Numbers the simulator sells are …0150–…0199. Any other number answers like …0100. The README and the start
 * banner print this table.
 */
export type CalleeBehaviour =
  | { kind: 'answers'; hangUpAfterSeconds: number | null }
  | { kind: 'busy' }
  | { kind: 'no-answer' }
  | { kind: 'failed' };

export const CALLEE_LINE = 'Hello, this is the simulated callee.';

/** What `.tender/dev.json` says of the simulator (its `phone` section); the start banner prints it. */
export const SIMULATOR_DEV_JSON = {
  provider: 'simulator',
  numbers: '+1 <area code> 555 0150-0199',
  callees: {
    '0100': 'answers and speaks',
    '0101': 'busy',
    '0102': 'no answer',
    '0103': 'fails',
    '0110-0149': 'hangs up after 10-49 s',
  },
} as const;

export function calleeBehaviour(e164: string): CalleeBehaviour {
  const m = /^\+1[2-9]\d{2}55501(\d{2})$/.exec(e164);
  const nn = m ? Number(m[1]) : 0;
  if (nn === 1) return { kind: 'busy' };
  if (nn === 2) return { kind: 'no-answer' };
  if (nn === 3) return { kind: 'failed' };
  if (nn >= 10 && nn <= 49) return { kind: 'answers', hangUpAfterSeconds: nn };
  return { kind: 'answers', hangUpAfterSeconds: null };
}

/** Numbers the simulator sells in an area code: +1 NPA 555 0150 … 0199. */
export function simulatorNumbers(areaCode: string): string[] {
  return Array.from({ length: 50 }, (_, i) => `+1${areaCode}55501${String(50 + i)}`);
}
