// What client commands print. On a terminal: short coloured lines. In a pipe: the same lines without colour.
// With --json: one JSON object per line and nothing else on stdout, for scripts.
export interface Output {
  readonly json: boolean;
  /** A human line (not printed with --json). */
  info(text: string): void;
  /** A result: its JSON with --json, else the human line. */
  result(value: unknown, human: string): void;
  green(s: string): string;
  red(s: string): string;
  dim(s: string): string;
}

export function createOutput(opts: { json: boolean; stdout?: NodeJS.WriteStream }): Output {
  const out = opts.stdout ?? process.stdout;
  const colour = !opts.json && out.isTTY === true && !process.env.NO_COLOR;
  const paint = (code: number) => (s: string) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
  return {
    json: opts.json,
    info: (text) => {
      if (!opts.json) out.write(`${text}\n`);
    },
    result: (value, human) => out.write(`${opts.json ? JSON.stringify(value) : human}\n`),
    green: paint(32),
    red: paint(31),
    dim: paint(2),
  };
}
