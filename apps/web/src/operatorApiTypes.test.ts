import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderOperatorApiTypes } from '../scripts/operatorApiTypes.ts';

describe('the operator console client’s generated types', () => {
  // It starts the gateway on a fresh database first: more than the default minute on a crowded machine.
  it(
    'match the console routes the gateway serves (regenerate: npx tsx apps/web/scripts/operatorApiTypes.ts)',
    { timeout: 300_000 },
    async () => {
      expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await renderOperatorApiTypes());
    },
  );
});
