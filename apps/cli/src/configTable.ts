import { describeSpec } from '@tender/platform';
import { tenderConfigSpec } from './cliConfig.ts';

/** The README's configuration table, generated from the config specs so it cannot drift from the code. */
export function renderConfigTable(): string {
  const rows = describeSpec(tenderConfigSpec).map((f) => {
    const spec = Object.values(tenderConfigSpec).find((s) => s.env === f.env)!;
    const def =
      typeof spec.default === 'function'
        ? 'depends on profile'
        : spec.default === undefined
          ? '—'
          : `\`${String(spec.default)}\``;
    const req = f.required === 'no' ? '' : f.required === 'production' ? 'required in production' : 'required';
    return `| \`${f.env}\` | ${def} | ${[f.doc, req, f.secret ? 'secret' : ''].filter(Boolean).join('; ')} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}
