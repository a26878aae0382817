/**
 * Sending a message: over SMTP with nodemailer in every setting (a provider's server, or the local
 * mail catcher), on a few pooled connections so several messages go at once, each send bounded by
 * timeouts well inside the mail outbox's lease.
 */
import nodemailer from 'nodemailer';
import type { RenderedMail } from './message-types.ts';

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** The message's own id, the same on every attempt, so a receiving server can tell a repeat. */
  messageId: string;
}

export interface MailTransport {
  /** Hands the message to the mail server; resolves with the server's answer, rejects when it refuses or cannot be reached. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

export interface SmtpSettings {
  url: string;
  from: string;
  replyTo: string;
  /** Connections kept open to the mail server, so as many messages go at once (5 unless given). */
  connections?: number;
}

export function smtpTransport(settings: SmtpSettings): MailTransport {
  const transporter = nodemailer.createTransport(
    {
      url: settings.url,
      pool: true,
      maxConnections: settings.connections ?? 5,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: settings.from },
  );
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        to: mail.to,
        replyTo: settings.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
      return info.response;
    },
    close: () => transporter.close(),
  };
}
