-- GET /v1/events pages a tenant's events newest first by seq, and the live stream reads them oldest first after a
-- seq: one index serves both (the older (merchant_id, environment, created_at) index keeps serving the dashboard).
create index gateway_events_tenant_seq on gateway_events (merchant_id, environment, seq);
