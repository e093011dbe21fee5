// The customer receipt: what was paid, to whom, when, and how to reach the business. Plain text and HTML.
import type { OutgoingMail } from '../email/mailer.ts';
import { escapeHtml as escape } from '../email/escapeHtml.ts';

export interface ReceiptFacts {
  to: string;
  paymentId: string;
  businessName: string;
  supportEmail: string | null;
  supportUrl: string | null;
  /** Formatted amount with its currency, e.g. "12.50 USDC". */
  amount: string;
  orderReference: string | null;
  description: string | null;
  paidAt: Date;
  /** The payment's hosted page, which shows it paid. */
  url: string;
  livemode: boolean;
}

export function receiptMail(f: ReceiptFacts): OutgoingMail {
  const when = `${f.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const rows: [string, string][] = [
    ['Amount', f.amount],
    ['Paid to', f.businessName],
    ...(f.description ? ([['For', f.description]] as [string, string][]) : []),
    ...(f.orderReference ? ([['Order', f.orderReference]] as [string, string][]) : []),
    ['Confirmed', when],
    ['Payment', f.paymentId],
  ];
  const contact = [f.supportEmail, f.supportUrl].filter((x): x is string => !!x);
  const help = contact.length
    ? `Questions about this payment? Contact ${f.businessName}: ${contact.join(' · ')}`
    : `Questions about this payment? Contact ${f.businessName} directly.`;
  const test = f.livemode ? [] : ['This was a test-mode payment: no real money moved.'];
  const text = [
    `Your payment to ${f.businessName} is confirmed. Thank you.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `View the payment: ${f.url}`,
    '',
    help,
    ...test,
    '',
    `Tender sent this receipt on behalf of ${f.businessName}.`,
  ].join('\n');
  const contactHtml = contact.length
    ? [
        f.supportEmail ? `<a href="mailto:${escape(f.supportEmail)}">${escape(f.supportEmail)}</a>` : null,
        f.supportUrl && /^https?:\/\//i.test(f.supportUrl)
          ? `<a href="${escape(f.supportUrl)}">${escape(f.supportUrl)}</a>`
          : f.supportUrl
            ? escape(f.supportUrl)
            : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:0 auto;color:#111">` +
    `<h1 style="font-size:20px">Payment confirmed</h1>` +
    `<p>Your payment to <b>${escape(f.businessName)}</b> is confirmed. Thank you.</p>` +
    `<table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([k, v]) =>
          `<tr><th style="text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;color:#555;font-weight:500">` +
          `${escape(k)}</th><td style="padding:6px 8px;border-bottom:1px solid #ddd">${escape(v)}</td></tr>`,
      )
      .join('')}</table>` +
    `<p><a href="${escape(f.url)}">View the payment</a></p>` +
    `<p>${
      contact.length ? `Questions about this payment? Contact ${escape(f.businessName)}: ${contactHtml}` : escape(help)
    }</p>` +
    test.map((t) => `<p style="color:#8a5a00">${escape(t)}</p>`).join('') +
    `<p style="color:#666;font-size:12px">Tender sent this receipt on behalf of ${escape(f.businessName)}.</p></div>`;
  return { to: f.to, subject: `Receipt from ${f.businessName}: ${f.amount} paid`, text, html };
}
