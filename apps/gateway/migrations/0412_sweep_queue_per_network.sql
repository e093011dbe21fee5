-- Sweeps moved from one queue (gateway.sweep) to a queue per network (gateway.sweep.<network>), so that a process
-- claims only the sweeps of networks it can serve. Jobs already queued follow their settlement's network.
update jobs j set queue = 'gateway.sweep.' || s.network, updated_at = now()
from settlements s
where j.queue = 'gateway.sweep' and s.id = j.payload ->> 'settlementId';
