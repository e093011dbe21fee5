import type { Merchant, User } from '../accounts/accounts.ts';
import type { NewSession } from './sessions.ts';

/** What signup, login and identity-provider sign-in hand back: the account and a fresh session. */
export interface SignedIn {
  merchant: Merchant;
  user: User;
  session: NewSession;
  /** True when this call created the account (signup, or first identity-provider sign-in). */
  created: boolean;
  /** Whether a verification link was queued for the account email as part of this call. */
  emailVerification: 'queued' | 'not_needed' | 'unavailable';
}
