// The /dev/mail/ pages: server-rendered, no script. A caught message is untrusted content (an agent's mail may
// quote anything): its HTML is shown only inside a sandboxed iframe (srcdoc, no scripts, no same origin), under a
// page Content-Security-Policy that allows no script at all; its links open in a new tab.
import type { CaughtMail } from './devMailStore.ts';

/** The pages' policy; the srcdoc frame inherits it, so a message's HTML can load images but run nothing. */
export const DEV_MAIL_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-ancestors 'none'; " +
  "form-action 'none'; base-uri 'none'";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
header{background:#14213d;color:#fff;padding:12px 24px;display:flex;gap:16px;align-items:baseline}
header a{color:#fff}main{padding:16px 24px;max-width:1100px}
table{border-collapse:collapse;width:100%;background:#fff}
td,th{padding:8px 10px;border-bottom:1px solid #e3e6ea;text-align:left;vertical-align:top}
th{font-weight:600;color:#555;background:#eef0f3}tr.msg:hover{background:#f1f5ff}
.muted{color:#667}.empty{padding:32px;background:#fff;text-align:center}
section{background:#fff;margin:12px 0;padding:12px 16px;border:1px solid #e3e6ea}
h1{font-size:20px;margin:4px 0 12px}h2{font-size:15px;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;margin:0}
iframe{width:100%;height:420px;border:1px solid #e3e6ea;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}dt{color:#667}dd{margin:0}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body><header><strong>Tender dev mail</strong><a href="/dev/mail/">All messages</a>
<span class="muted">Every message Tender sent on this dev profile; nothing left the machine.</span></header>
<main>${body}</main></body></html>`;
}

export function renderMailList(mail: CaughtMail[], note: string | null): string {
  const rows = mail
    .map(
      (m) => `<tr class="msg"><td class="muted">${esc(m.date.toISOString().replace('T', ' ').slice(0, 19))}</td>
<td>${esc(m.from)}</td><td>${esc(m.to.join(', '))}</td>
<td><a href="/dev/mail/messages/${encodeURIComponent(m.id)}">${esc(m.subject || '(no subject)')}</a>${
        m.attachments.length ? ` <span class="muted">📎 ${m.attachments.length}</span>` : ''
      }</td><td class="muted">${esc(m.source)}</td></tr>`,
    )
    .join('\n');
  const list = mail.length
    ? `<table><thead><tr><th>Date (UTC)</th><th>From</th><th>To</th><th>Subject</th><th>Sent by</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p class="empty">No mail yet. Sign up, send an invoice or let an agent reply, then reload.</p>';
  return page(
    'Dev mail',
    `<h1>Mail (${mail.length}, newest first)</h1>${note ? `<p class="muted">${esc(note)}</p>` : ''}${list}
<p class="muted">JSON: <a href="/dev/mail/api/messages">/dev/mail/api/messages</a> · CLI: <code>tender mail --follow</code></p>`,
  );
}

export function renderMailMessage(m: CaughtMail): string {
  const base = `/dev/mail/api/messages/${encodeURIComponent(m.id)}`;
  // The message's HTML in an opaque-origin frame: no allow-scripts, no allow-same-origin; popups escape the sandbox
  // so that a followed link opens as a normal page.
  const srcdoc = m.html ? `<base target="_blank">${m.html}` : null;
  const htmlView = srcdoc
    ? `<iframe title="HTML view" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(srcdoc)}"></iframe>`
    : '<p class="muted">This message has no HTML part.</p>';
  const attachments = m.attachments.length
    ? `<ul>${m.attachments
        .map(
          (a) =>
            `<li><a href="${base}/attachments/${a.index}" download="${esc(a.filename)}">${esc(a.filename)}</a> <span class="muted">${esc(a.contentType)}, ${a.size} bytes</span></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">None.</p>';
  const links = m.links.length
    ? `<ul>${m.links.map((l) => `<li><a href="${esc(l)}" target="_blank" rel="noopener noreferrer">${esc(l)}</a></li>`).join('')}</ul>`
    : '<p class="muted">None.</p>';
  const headers = m.headers.map((h) => `<dt>${esc(h.name)}</dt><dd>${esc(h.value)}</dd>`).join('');
  return page(
    m.subject || '(no subject)',
    `<h1>${esc(m.subject || '(no subject)')}</h1>
<section><dl><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to.join(', '))}</dd>
<dt>Caught</dt><dd>${esc(m.date.toISOString())} (sent by the ${esc(m.source)})</dd></dl></section>
<section id="links"><h2>Links</h2>${links}</section>
<section id="attachments"><h2>Attachments</h2>${attachments}</section>
<section id="html"><h2>HTML</h2>${htmlView}</section>
<section id="text"><h2>Text</h2><pre>${esc(m.text)}</pre></section>
<section id="headers"><h2>Headers</h2><dl>${headers}</dl><p><a href="${base}/raw">Source</a> · <a href="${base}">JSON</a></p></section>`,
  );
}
