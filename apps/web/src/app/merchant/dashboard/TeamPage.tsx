// Team: the merchant's members with their role (a select for those the caller may manage), removal, the invitations
// with revoke, and the invite form. Every write control is rendered only with team:manage, and only for roles the
// caller holds within its own (an admin sees no controls on owners and cannot offer the owner role); the API
// enforces the same rules (README "Team").
import { useState, type FormEvent } from 'react';
import { roleName, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type ResponseOf } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';

type Member = ResponseOf<'/v1/team/members', 'get'>['data'][number];
type Invitation = ResponseOf<'/v1/team/invitations', 'get'>['data'][number];
type Role = Member['role'];

const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner: everything, account settings included',
  admin: 'Admin: everything but account settings and owners',
  developer: 'Developer: read and write, webhooks',
  read_only: 'Read-only',
};
const ROLES = Object.keys(ROLE_LABELS) as Role[];

export default function TeamPage() {
  const { can, me } = useDashboard();
  const members = useLoad(() => ok(gateway.GET('/v1/team/members')), []);
  const invitations = useLoad(() => ok(gateway.GET('/v1/team/invitations')), []);
  const manage = can('team:manage');
  // What the caller may grant or act on: owners everything; admins all but the owner role.
  const grantable = ROLES.filter((r) => me.role === 'owner' || r !== 'owner');
  const { busy, error, run } = useAction();

  async function changeRole(m: Member, role: Role) {
    await run(async () => {
      await ok(gateway.PATCH('/v1/team/members/{id}', { params: { path: { id: m.id } }, body: { role } }));
      // Changing one's own role changes what this page may show: reload everything.
      if (m.you) location.reload();
      await members.reload();
    });
  }
  async function remove(m: Member) {
    if (!confirm(`Remove ${m.email ?? m.id} from the team? Their sessions end at once.`)) return;
    await run(async () => {
      await ok(gateway.DELETE('/v1/team/members/{id}', { params: { path: { id: m.id } } }));
      await members.reload();
    });
  }
  async function revoke(i: Invitation) {
    await run(async () => {
      await ok(gateway.DELETE('/v1/team/invitations/{id}', { params: { path: { id: i.id } } }));
      await invitations.reload();
    });
  }

  return (
    <>
      <h1>Team</h1>
      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">Members</h2>
        <ApiErrorText error={members.error} />
        <ApiErrorText error={error} />
        <ul className="rows" aria-label="Members">
          {(members.data?.data ?? []).map((m) => {
            const actOn = manage && grantable.includes(m.role);
            return (
              <li key={m.id} className="row-with-actions" data-testid="member">
                <span>
                  <strong>{m.email ?? m.id}</strong>
                  {m.you ? <span className="badge">you</span> : null} · joined {when(m.joined_at)}
                  {actOn ? null : <> · {roleName(m.role)}</>}
                </span>
                {actOn ? (
                  <span className="actions">
                    <label className="visually-hidden" htmlFor={`role-${m.id}`}>
                      Role of {m.email ?? m.id}
                    </label>
                    <select
                      id={`role-${m.id}`}
                      value={m.role}
                      disabled={busy}
                      onChange={(e) => void changeRole(m, e.target.value as Role)}
                    >
                      {grantable.map((r) => (
                        <option key={r} value={r}>
                          {roleName(r)}
                        </option>
                      ))}
                    </select>
                    {/* The row already shows the address: the button says "Remove", its accessible name says whom. */}
                    <button
                      type="button"
                      className="secondary small"
                      disabled={busy}
                      aria-label={m.you ? 'Leave' : `Remove ${m.email ?? m.id}`}
                      onClick={() => void remove(m)}
                    >
                      {m.you ? 'Leave' : 'Remove'}
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
        <p className="muted">
          A merchant always keeps one owner: to hand ownership over, make another member an owner, then step down.
        </p>
      </section>
      <InvitationsCard
        invitations={invitations.data?.data ?? []}
        error={invitations.error}
        manage={manage}
        grantable={grantable}
        onRevoke={(i) => void revoke(i)}
        busy={busy}
        onInvited={() => void invitations.reload()}
      />
    </>
  );
}

function InvitationsCard(p: {
  invitations: Invitation[];
  error: unknown;
  manage: boolean;
  grantable: Role[];
  busy: boolean;
  onRevoke: (i: Invitation) => void;
  onInvited: () => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  async function invite(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const inv = await ok(gateway.POST('/v1/team/invitations', { body: { email, role } }));
      setSent(inv.email);
      setEmail('');
      p.onInvited();
    });
  }

  return (
    <section className="card" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <ApiErrorText error={p.error} />
      {p.invitations.length === 0 ? <p className="muted">No invitation yet.</p> : null}
      <ul className="rows" aria-label="Invitations">
        {p.invitations.map((i) => (
          <li key={i.id} className="row-with-actions" data-testid="invitation">
            <span>
              <strong>{i.email}</strong> · {roleName(i.role)} · sent {when(i.created_at)} ·{' '}
              <span className="badge">{i.status}</span>
              {i.status === 'pending' ? <> · until {when(i.expires_at)}</> : null}
            </span>
            {p.manage && i.status === 'pending' && p.grantable.includes(i.role) ? (
              <button type="button" className="secondary small" disabled={p.busy} onClick={() => p.onRevoke(i)}>
                Revoke invitation to {i.email}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {p.manage ? (
        <form onSubmit={(e) => void invite(e)} noValidate className="inline-form" aria-label="Invite someone">
          <h3>Invite someone</h3>
          {sent ? (
            <p role="status" data-testid="invitation-sent">
              Invitation sent to <strong>{sent}</strong>. The link works once, for 7 days.
            </p>
          ) : null}
          <Field id="invite-email" path="email" label="Email" error={error}>
            {(f) => (
              <input
                {...f}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="off"
                required
              />
            )}
          </Field>
          {/* The option says the role; what it may do is the hint under it (a whole sentence clipped at 360 px). */}
          <Field id="invite-role" path="role" label="Role" error={error} hint={ROLE_LABELS[role]}>
            {(f) => (
              <select {...f} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                {p.grantable.map((r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" disabled={busy}>
            Send invitation
          </button>
          <ApiErrorText error={error} />
        </form>
      ) : null}
    </section>
  );
}
