/**
 * A positive number from `--<name>=…`, else the environment variable `envName` (when given), else `dflt`. Anything
 * else stops the benchmark with a message naming the option.
 */
export function numberOption(name: string, dflt: number, envName?: string): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const v = Number(raw ?? (envName ? process.env[envName] : undefined) ?? dflt);
  if (!(Number.isFinite(v) && v > 0)) throw new Error(`--${name} must be a positive number`);
  return v;
}
