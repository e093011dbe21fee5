/** EMAIL_FROM when unset. */
export const DEFAULT_EMAIL_FROM = 'Tender <no-reply@tender.localhost>';

/** One outgoing message. Plain text is required; HTML is optional. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Outbound email, behind an interface so the gateway never knows how mail leaves. The real implementation is
 * `smtpMailer.ts`. A deployment without a relay has no mailer at all (`null` in the context): nothing pretends
 * to send, and the email endpoints answer 503 EMAIL_UNAVAILABLE.
 */
export interface Mailer {
  /** Resolves once the relay accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}
