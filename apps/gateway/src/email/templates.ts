import type { OutgoingMail } from './mailer.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

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
