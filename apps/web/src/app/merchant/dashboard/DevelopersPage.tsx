// Developers: API keys, webhook endpoints, the delivery log and the audit log.
import { useState } from 'react';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { AuditLogCard } from './AuditLogCard.tsx';
import { WebhookDeliveriesCard } from './WebhookDeliveriesCard.tsx';
import { WebhookEndpointsCard } from './WebhookEndpointsCard.tsx';

export default function DevelopersPage() {
  const [version, setVersion] = useState(0);
  return (
    <div className="stack">
      <h1>Developers</h1>
      <ApiKeysCard />
      <WebhookEndpointsCard onChanged={() => setVersion((v) => v + 1)} />
      <WebhookDeliveriesCard version={version} />
      <AuditLogCard version={version} />
    </div>
  );
}
