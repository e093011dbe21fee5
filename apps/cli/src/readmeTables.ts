import type { Database } from '@tender/platform';
import { renderApiTables } from './apiTable.ts';
import { renderConfigTable } from './configTable.ts';

/** Rewrites the generated sections of the README (between `<!-- name:start -->` and `<!-- name:end -->`). */
export async function updateReadme(readme: string, db: Database): Promise<string> {
  const api = await renderApiTables(db);
  let out = replaceBetween(readme, 'config-table', renderConfigTable());
  out = replaceBetween(out, 'gateway-api', api.gateway);
  return replaceBetween(out, 'agents-api', api.agents);
}

export function replaceBetween(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README has no ${name} markers`);
  return `${text.slice(0, i + start.length)}\n${body}\n${text.slice(j)}`;
}
