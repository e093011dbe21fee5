/** EMAIL_FROM when unset. */
export const DEFAULT_EMAIL_FROM = 'Tender <no-reply@tender.localhost>';

/** A file sent with a message (the invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One outgoing message. Plain text is required; HTML and attachments are optional. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/**
 * Outbound email, behind an interface so the gateway never knows how mail leaves. The real implementation is
 * `smtpMailer.ts`. A deployment without a relay has no mailer at all (`null` in the context): nothing pretends
 * to send, and the email endpoints answer 503 EMAIL_UNAVAILABLE. The dev profile without a relay hands every
 * message to the dev mail catcher instead (devMail/devMailCatcher.ts), which builds the same MIME message.
 */
export interface Mailer {
  /** Resolves once the relay accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}
