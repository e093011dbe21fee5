// The business profile: the name and support contact customers see on the hosted checkout, link and invoice pages.
import type { ErrorDetail } from '@tender/platform';
import { Type } from 'typebox';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { Nullable } from '../http/schemas.ts';
import { getMerchant, type Merchant } from './accounts.ts';

/** The support contact as the public page responses carry it, next to `business_name`. */
export const SupportContactFields = {
  support_email: Nullable(
    Type.String({ description: "The merchant's support address, or null when the merchant gave none" }),
  ),
  support_url: Nullable(
    Type.String({ description: "The merchant's support page, or null when the merchant gave none" }),
  ),
};

/** Columns of `merchants m` the public views select with the business name. */
export const SUPPORT_COLUMNS = 'm.support_email, m.support_url';

export interface SupportContact {
  support_email: string | null;
  support_url: string | null;
}

/** The merchant columns a public view selects: the business name and its support contact. */
export interface MerchantContactRow extends SupportContact {
  business_name: string;
}

export const supportContactJson = (r: SupportContact): SupportContact => ({
  support_email: r.support_email,
  support_url: r.support_url,
});

export interface ProfilePatch {
  business_name?: string | undefined;
  support_email?: string | null | undefined;
  support_url?: string | null | undefined;
}

// Deliberately simple: one @, no spaces, a dot in the domain. The mailbox is the merchant's to get right.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Control characters (a name is shown on pages, in mail subjects and PDFs).
const CONTROL = /\p{Cc}/u;

/** Every rule a field breaks, in people's words. Returns the normalised patch (trimmed; "" means remove). */
export function validateProfilePatch(p: ProfilePatch): { patch: ProfilePatch; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  const patch: ProfilePatch = {};
  if (p.business_name !== undefined) {
    const name = p.business_name.trim();
    if (name.length < 2 || name.length > 120)
      details.push({ path: 'business_name', message: 'Enter a business name of 2 to 120 characters' });
    else if (CONTROL.test(name))
      details.push({ path: 'business_name', message: 'The business name cannot contain line breaks or tabs' });
    else patch.business_name = name;
  }
  if (p.support_email !== undefined) {
    const email = p.support_email?.trim() ?? '';
    if (email === '') patch.support_email = null;
    else if (email.length > 320 || !EMAIL.test(email))
      details.push({ path: 'support_email', message: 'Enter an email address such as help@example.com (max 320)' });
    else patch.support_email = email;
  }
  if (p.support_url !== undefined) {
    const raw = p.support_url?.trim() ?? '';
    if (raw === '') patch.support_url = null;
    else {
      const problem = supportUrlProblem(raw);
      if (problem) details.push({ path: 'support_url', message: problem });
      else patch.support_url = raw;
    }
  }
  return { patch, details };
}

function supportUrlProblem(raw: string): string | null {
  if (raw.length > 2000) return 'The support URL can be at most 2000 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full web address starting with https://, such as https://example.com/help';
  }
  // Customers' browsers open it from Tender's pages: only web addresses, never javascript: or data:.
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The support URL must start with https:// or http://';
  if (url.username || url.password) return 'The support URL cannot contain a user name or password';
  return null;
}

/**
 * PATCH /v1/account. Changes only the fields given; an empty or null support field removes it. Bad input is
 * refused as a whole (400 VALIDATION_FAILED, one detail per field) and changes nothing. Audited with the old and
 * new values of what changed; a patch that changes nothing writes no event.
 */
export async function updateBusinessProfile(
  ctx: GatewayContext,
  principal: Principal,
  input: ProfilePatch,
): Promise<Merchant> {
  const { patch, details } = validateProfilePatch(input);
  if (details.length > 0) {
    throw new GatewayError('VALIDATION_FAILED', details.map((d) => d.message).join('; '), { details });
  }
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    const [before] = await tx.query<{
      business_name: string;
      support_email: string | null;
      support_url: string | null;
    }>('select business_name, support_email, support_url from merchants where id = $1 for update', [
      principal.merchantId,
    ]);
    if (!before) throw new GatewayError('INVALID_CREDENTIALS', 'The merchant of this credential no longer exists');
    const changes: Record<string, { from: string | null; to: string | null }> = {};
    for (const key of ['business_name', 'support_email', 'support_url'] as const) {
      const to = patch[key];
      if (to !== undefined && to !== before[key]) changes[key] = { from: before[key], to };
    }
    if (Object.keys(changes).length > 0) {
      await tx.query(
        `update merchants set business_name = coalesce($2, business_name),
                support_email = case when $3 then $4 else support_email end,
                support_url = case when $5 then $6 else support_url end
          where id = $1`,
        [
          principal.merchantId,
          patch.business_name ?? null,
          patch.support_email !== undefined,
          patch.support_email ?? null,
          patch.support_url !== undefined,
          patch.support_url ?? null,
        ],
      );
      await audit(tx, {
        merchantId: principal.merchantId,
        action: 'account.profile_updated',
        actor: actorOf(principal),
        target: { type: 'merchant', id: principal.merchantId },
        data: changes,
        at: now,
      });
    }
    const merchant = await getMerchant(tx, principal.merchantId);
    if (!merchant) throw new Error(`merchant ${principal.merchantId} vanished`);
    return merchant;
  });
}
