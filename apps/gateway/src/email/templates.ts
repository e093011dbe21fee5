import type { OutgoingMail } from './mailer.ts';
import { escapeHtml as escape } from './escapeHtml.ts';

/** The mail carrying a single-use link. The link is the only copy of its token anywhere. */
export function emailLinkMail(p: {
  purpose: 'verify' | 'change';
  to: string;
  link: string;
  businessName: string;
  expiresAt: Date;
  now: Date;
}): OutgoingMail {
  const hours = Math.max(1, Math.round((p.expiresAt.getTime() - p.now.getTime()) / 3_600_000));
  const lead =
    p.purpose === 'verify'
      ? `Confirm that ${p.to} is the email address of your Tender account "${p.businessName}".`
      : `Someone signed in to the Tender account "${p.businessName}" asked to use ${p.to} as its email address.`;
  const subject = p.purpose === 'verify' ? 'Verify your Tender email address' : 'Confirm your new Tender email address';
  const text = [
    lead,
    '',
    `Open this link to confirm (it works once, for about ${hours} hour${hours === 1 ? '' : 's'}):`,
    p.link,
    '',
    'If you did not ask for this, ignore this email: nothing changes unless the link is opened.',
  ].join('\n');
  const html =
    `<p>${escape(lead)}</p><p><a href="${escape(p.link)}">Confirm ${escape(p.to)}</a></p>` +
    `<p>The link works once, for about ${hours} hour${hours === 1 ? '' : 's'}. If you did not ask for this, ` +
    'ignore this email: nothing changes unless the link is opened.</p>';
  return { to: p.to, subject, text, html };
}

/**
 * The answer to a password-reset request for an address with accounts: one single-use link per account (an address
 * may be claimed by several until one verifies it), each named by its business.
 */
export function passwordResetMail(p: {
  to: string;
  links: readonly { businessName: string; link: string }[];
  expiresAt: Date;
  now: Date;
}): OutgoingMail {
  const minutes = Math.max(1, Math.round((p.expiresAt.getTime() - p.now.getTime()) / 60_000));
  const validity =
    minutes >= 60 ? `about ${Math.round(minutes / 60)} hour${minutes >= 90 ? 's' : ''}` : `${minutes} minutes`;
  const several = p.links.length > 1;
  const lead = several
    ? `Someone asked to reset the password of the Tender accounts that use ${p.to}. Choose the account:`
    : `Someone asked to reset the password of the Tender account "${p.links[0]?.businessName ?? ''}" (${p.to}).`;
  const tail = [
    `Each link works once, for ${validity}. Setting a new password signs out every session and device of the account.`,
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  const text = [
    lead,
    '',
    ...p.links.flatMap((l) => (several ? [`${l.businessName}:`, l.link, ''] : ['Set a new password:', l.link, ''])),
    ...tail,
  ].join('\n');
  const html =
    `<p>${escape(lead)}</p><ul>` +
    p.links
      .map((l) => `<li><a href="${escape(l.link)}">Set a new password for ${escape(l.businessName)}</a></li>`)
      .join('') +
    `</ul>${tail.map((t) => `<p>${escape(t)}</p>`).join('')}`;
  return { to: p.to, subject: 'Reset your Tender password', text, html };
}

/** The answer to a password-reset request for an address no account uses (said, so the owner is not left waiting). */
export function passwordResetNoAccountMail(p: { to: string }): OutgoingMail {
  const text = [
    `Someone asked to reset a password for ${p.to}; there is no Tender account with this address.`,
    '',
    'If it was you, you may have signed up with another address. If it was not, ignore this email: nothing changes.',
  ].join('\n');
  return {
    to: p.to,
    subject: 'Tender password reset: no account with this address',
    text,
    html: text
      .split('\n')
      .filter((l) => l)
      .map((l) => `<p>${escape(l)}</p>`)
      .join(''),
  };
}

/**
 * The notice to an account's previous (verified) address after its email changed. It names the business and the time
 * only, never the new address, and says how to take the account back if the change was not the owner's.
 */
export function emailChangedNoticeMail(p: {
  to: string;
  businessName: string;
  changedAt: Date;
  signInLink: string;
}): OutgoingMail {
  const when = `${p.changedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [
    `The email address of the Tender account "${p.businessName}" was changed on ${when}. ${p.to} no longer signs in ` +
      'to it or receives its mail.',
    'If you made this change, there is nothing to do.',
    'If you did not, someone who could sign in to the account made it: sign in at ' +
      `${p.signInLink} and change the password and the address back, or contact Tender support at once.`,
  ];
  return {
    to: p.to,
    subject: 'Your Tender account email address was changed',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${escape(l)}</p>`).join(''),
  };
}
