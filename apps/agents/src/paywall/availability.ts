import type { ServiceRecord } from '../catalog/catalog.ts';
import { AgentError } from '../http/errors.ts';

/** 503 SERVICE_UNAVAILABLE (no challenge) when the record says the service is unavailable now. */
export function gateAvailability(record: ServiceRecord): void {
  if (!record.available) {
    throw new AgentError(
      'SERVICE_UNAVAILABLE',
      `${record.serviceId} is unavailable: ${sentence(record.unavailableReason ?? 'not configured')} Do not send payment for it.`,
      { data: { serviceId: record.serviceId } },
    );
  }
}

/** A reason as one sentence ending in exactly one full stop (reasons are written with or without one). */
export function sentence(reason: string): string {
  return `${reason.trim().replace(/[.\s]+$/, '')}.`;
}
