import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { ProviderTemporaryFailure } from '../paywall/providerFailure.ts';
import { AgentError } from '../http/errors.ts';

export interface OutboundMessage {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  /** RFC 5322 Message-ID without angle brackets; stable across retries so recipients can deduplicate. */
  messageId: string;
  date: Date;
}

export interface DeliveryResult {
  accepted: string[];
  rejected: string[];
  /** Per route ("local" inbound server, "relay", "catcher" on the dev profile): the final response. */
  responses: Record<string, string>;
}

/** Outbound mail. One interface; the SMTP implementation is below, a test may wrap it to inject failures. */
export interface MailTransport {
  /** Mail for the own domain always goes to our inbound server; other domains only through a relay. */
  canDeliver(address: string): boolean;
  /**
   * Delivers one message. Throws ProviderTemporaryFailure when a retry may succeed (connection refused, 4xx) and
   * AgentError RECIPIENT_NOT_DELIVERABLE when every recipient was refused permanently (5xx).
   */
  send(msg: OutboundMessage): Promise<DeliveryResult>;
  close(): void;
}

/**
 * The dev profile's mail catcher (the gateway's dev_mail_messages, read at /dev/mail/): takes the mail to other
 * domains when no relay is configured. Given by `tender start` on the dev profile only.
 */
export interface OutboundMailCatcher {
  /** Where people read what it kept (the gateway's /dev/mail/), named in /llms.txt. */
  readonly url?: string | undefined;
  keep(raw: Buffer, envelope: { from: string; to: readonly string[] }, source: 'agents'): Promise<string>;
}

export interface SmtpTransportOptions {
  domain: string;
  /** Our inbound server (MX) for mail to the own domain; a function because tests bind port 0. */
  localInbound: () => { host: string; port: number };
  relayUrl?: string | undefined;
  dkim?: { selector: string; privateKey: string } | undefined;
  /** Without a relay, mail to other domains is kept by this catcher instead of refused (dev profile). */
  catcher?: OutboundMailCatcher | undefined;
}

function mailOf(msg: OutboundMessage, to: string[]) {
  return {
    from: msg.from,
    to: msg.to,
    subject: msg.subject,
    text: msg.text,
    messageId: `<${msg.messageId}>`,
    date: msg.date,
    envelope: { from: msg.from.address, to },
  };
}

export function createSmtpTransport(opts: SmtpTransportOptions): MailTransport {
  const dkim = opts.dkim
    ? { domainName: opts.domain, keySelector: opts.dkim.selector, privateKey: opts.dkim.privateKey }
    : undefined;
  const relay = opts.relayUrl ? nodemailer.createTransport(opts.relayUrl, dkim ? { dkim } : {}) : null;
  const isLocal = (address: string) => address.toLowerCase().endsWith(`@${opts.domain}`);
  const catcher = relay ? undefined : opts.catcher;

  async function deliver(
    transport: Transporter<SMTPTransport.SentMessageInfo>,
    msg: OutboundMessage,
    to: string[],
  ): Promise<SMTPTransport.SentMessageInfo> {
    try {
      return await transport.sendMail(mailOf(msg, to));
    } catch (err) {
      const e = err as { responseCode?: number; code?: string; message?: string };
      if (e.responseCode && e.responseCode >= 500 && e.code === 'EENVELOPE') {
        throw new AgentError('RECIPIENT_NOT_DELIVERABLE', `The receiving server refused the message: ${e.message}`);
      }
      throw new ProviderTemporaryFailure(`SMTP delivery failed: ${e.code ?? ''} ${e.message ?? String(err)}`);
    }
  }

  return {
    canDeliver: (address) => isLocal(address) || relay !== null || catcher !== undefined,
    async send(msg) {
      const local = msg.to.filter(isLocal);
      const remote = msg.to.filter((a) => !isLocal(a));
      if (remote.length && !relay && !catcher) {
        throw new AgentError(
          'RECIPIENT_NOT_DELIVERABLE',
          'No SMTP relay is configured for recipients outside the domain',
        );
      }
      const result: DeliveryResult = { accepted: [], rejected: [], responses: {} };
      if (local.length) {
        const { host, port } = opts.localInbound();
        // A short-lived connection to our own MX; DKIM-signed like any other outbound message.
        const t = nodemailer.createTransport({
          host,
          port,
          secure: false,
          ignoreTLS: true,
          name: opts.domain,
          connectionTimeout: 10_000,
          ...(dkim ? { dkim } : {}),
        });
        try {
          const info = await deliver(t, msg, local);
          result.accepted.push(...info.accepted.map(String));
          result.rejected.push(...info.rejected.map(String));
          result.responses.local = info.response;
        } finally {
          t.close();
        }
      }
      if (remote.length && relay) {
        const info = await deliver(relay, msg, remote);
        result.accepted.push(...info.accepted.map(String));
        result.rejected.push(...info.rejected.map(String));
        result.responses.relay = info.response;
      }
      if (remote.length && catcher) {
        // The same MIME message the relay would get (DKIM-signed when configured), kept by the dev mail catcher.
        const built = await nodemailer
          .createTransport({ streamTransport: true, buffer: true, ...(dkim ? { dkim } : {}) })
          .sendMail(mailOf(msg, remote));
        if (!Buffer.isBuffer(built.message)) throw new Error('nodemailer did not build the message into a buffer');
        const id = await catcher.keep(built.message, { from: msg.from.address, to: remote }, 'agents');
        result.accepted.push(...remote);
        result.responses.catcher = `250 kept by the dev mail catcher as ${id}`;
      }
      return result;
    },
    close: () => relay?.close(),
  };
}
