/** Sending a message: over SMTP with nodemailer in every setting (a provider's server, or the local mail catcher). */
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

export function smtpTransport(settings: { url: string; from: string; replyTo: string }): MailTransport {
  const transporter = nodemailer.createTransport(settings.url, { from: settings.from });
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
