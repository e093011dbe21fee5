import { field, port, url } from '@tender/platform';

export const gatewayConfigSpec = {
  gatewayPort: field({ env: 'GATEWAY_PORT', doc: 'Gateway HTTP port', parse: port, default: 4000 }),
  gatewayPublicUrl: field({
    env: 'GATEWAY_PUBLIC_URL',
    doc: 'Public base URL of the gateway (checkout links); defaults to http://HOST:GATEWAY_PORT',
    parse: url('http', 'https'),
    required: 'production',
  }),
} as const;
