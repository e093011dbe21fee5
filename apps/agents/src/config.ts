import { field, port, str, url } from '@tender/platform';

export const agentsConfigSpec = {
  agentsPort: field({ env: 'AGENTS_PORT', doc: 'Agent services HTTP port', parse: port, default: 4100 }),
  agentsPublicUrl: field({
    env: 'AGENTS_PUBLIC_URL',
    doc: 'Public base URL of the agent services; defaults to http://HOST:AGENTS_PORT',
    parse: url('http', 'https'),
    required: 'production',
  }),
  emailDomain: field({
    env: 'EMAIL_DOMAIN',
    doc: 'Domain of agent mailboxes',
    parse: str,
    default: 'agents.localhost',
  }),
  smtpPort: field({ env: 'SMTP_PORT', doc: 'Inbound SMTP (MX) port', parse: port, default: 2525 }),
} as const;
