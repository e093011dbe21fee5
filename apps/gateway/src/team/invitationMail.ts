import type { OutgoingMail } from '../email/mailer.ts';
import { escapeHtml as escape } from '../email/escapeHtml.ts';

export const INVITATION_SUBJECT_PREFIX = 'You are invited to join';

const ROLE_WORDS: Record<string, string> = {
  owner: 'an owner',
  admin: 'an admin',
  developer: 'a developer',
  read_only: 'a read-only member',
};

/** The invitation mail: one single-use link, the only copy of its token anywhere. */
export function teamInvitationMail(p: {
  to: string;
  businessName: string;
  role: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const lead = `You are invited to join "${p.businessName}" on Tender as ${ROLE_WORDS[p.role] ?? p.role}.`;
  const tail = [
    `The link works once, until ${p.expiresAt.toUTCString()}. Create an account with it, or sign in with the ` +
      `Tender account that uses ${p.to} and accept.`,
    'If you did not expect this, ignore this email: nothing happens unless the link is opened.',
  ];
  const text = [lead, '', 'Accept the invitation:', p.link, '', ...tail].join('\n');
  const html =
    `<p>${escape(lead)}</p><p><a href="${escape(p.link)}">Accept the invitation</a></p>` +
    tail.map((t) => `<p>${escape(t)}</p>`).join('');
  return { to: p.to, subject: `${INVITATION_SUBJECT_PREFIX} ${p.businessName} on Tender`, text, html };
}
