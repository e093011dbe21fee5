import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderOwnerApiTypes } from '../scripts/ownerApiTypes.ts';

describe('the owner dashboard client’s generated types', () => {
  // It starts the agents on a fresh database first: more than the default minute on a crowded machine.
  it(
    'match the owner routes the agents serve (regenerate: npx tsx apps/web/scripts/ownerApiTypes.ts)',
    { timeout: 300_000 },
    async () => {
      expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await renderOwnerApiTypes());
    },
  );
});
