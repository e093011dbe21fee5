// Rewrites apps/web/src/app/dashboard/gatewayApi.gen.ts from the gateway's OpenAPI document.
import { writeFile } from 'node:fs/promises';
import { generateGatewayApiTypes, GATEWAY_API_TYPES_FILE } from '../src/gatewayApiTypes.ts';

await writeFile(GATEWAY_API_TYPES_FILE, await generateGatewayApiTypes());
console.log(`wrote ${GATEWAY_API_TYPES_FILE}`);
