-- Operator audit details are a JSON object (packages/platform operatorAudit.ts). Rows written on PostgreSQL before the
-- insert cast its text to jsonb hold that text as a jsonb string ('"{\"q\":\"tea\"}"'): each is rewritten once here
-- into the object its text encodes, so reads take `details` as stored, and the check below keeps it so. The text is
-- always JSON.stringify's output; should one not be a JSON object, it is kept whole as {"text": …} rather than fail
-- the migration (PostgreSQL 15 has no pg_input_is_valid: the cast is tried row by row).
do $$
declare
  r record;
  decoded jsonb;
begin
  for r in select id, details #>> '{}' as text from agent_operator_audit where jsonb_typeof(details) = 'string' loop
    begin
      decoded := r.text::jsonb;
    exception when others then
      decoded := null;
    end;
    update agent_operator_audit
       set details = case when jsonb_typeof(decoded) = 'object' then decoded else jsonb_build_object('text', r.text) end
     where id = r.id;
  end loop;
end
$$;

alter table agent_operator_audit
  add constraint agent_operator_audit_details_object check (jsonb_typeof(details) = 'object');
