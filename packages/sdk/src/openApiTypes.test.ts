import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_PATH, renderOpenApiTypes } from '../scripts/openApiTypes.ts';

describe('the SDK’s generated types', () => {
  it('match the OpenAPI document the gateway serves (regenerate: npx tsx packages/sdk/scripts/openApiTypes.ts)', async () => {
    expect(await readFile(GENERATED_PATH, 'utf8')).toBe(await renderOpenApiTypes());
  });
});
