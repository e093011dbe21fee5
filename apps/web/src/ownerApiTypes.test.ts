import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderOwnerApiTypes } from '../scripts/ownerApiTypes.ts';

describe('the owner dashboard client’s generated types', () => {
  it('match the owner routes the agents serve (regenerate: npx tsx apps/web/scripts/ownerApiTypes.ts)', async () => {
    expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await renderOwnerApiTypes());
  });
});
