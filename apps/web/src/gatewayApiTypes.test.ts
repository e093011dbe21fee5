// The dashboard's API types are the gateway's OpenAPI document as served now: a route or field changed in the gateway
// without regenerating them fails here (and, where the dashboard uses it, in the typecheck).
import { expect, it } from 'vitest';
import { committedGatewayApiTypes, generateGatewayApiTypes } from './gatewayApiTypes.ts';

it('gatewayApi.gen.ts is generated from the gateway’s current /v1/openapi.json (run apps/web/scripts/writeGatewayApiTypes.ts)', async () => {
  expect(await committedGatewayApiTypes()).toBe(await generateGatewayApiTypes());
}, 60_000);
