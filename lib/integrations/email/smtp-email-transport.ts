import nodemailer from "nodemailer";
import { EmailDeliveryError, type EmailTransport } from "./email-transport";
import { renderEmailBody } from "./render-email-body";

export type SmtpTransportOptions = {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  /** The From address: the support mailbox customers reply to. */
  from: string;
  connectionTimeoutMs?: number;
};

type SmtpFailure = Error & { responseCode?: number; code?: string };

/*
 * Sends an outbox row over SMTP, as plain text and HTML rendered from the row's one text. The Message-ID and the threading headers come from the row, so a
 * retried send is the same email. A 5xx reply is permanent (the server refused this message); a
 * 4xx reply, a refused connection or a timeout is temporary and the outbox retries with backoff.
 */
export function createSmtpEmailTransport(options: SmtpTransportOptions): EmailTransport & {
  close(): void;
} {
  const timeout = options.connectionTimeoutMs ?? 15_000;
  const transporter = nodemailer.createTransport(options.url, {
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    name: "smtp",
    async send(email) {
      const { text, html } = renderEmailBody(email.bodyText);
      try {
        const info = await transporter.sendMail({
          from: options.from,
          to: email.to,
          subject: email.subject,
          text,
          html,
          messageId: email.messageId,
          ...(email.inReplyTo && { inReplyTo: email.inReplyTo }),
          ...(email.references.length > 0 && { references: email.references }),
          headers: { "Auto-Submitted": "auto-replied" },
        });
        return { providerMessageId: info.messageId || email.messageId };
      } catch (error) {
        const failure = error as SmtpFailure;
        const code = failure.responseCode;
        const permanent = typeof code === "number" && code >= 500 && code < 600;
        const detail = code ? `SMTP ${code}: ${failure.message}` : failure.message;
        throw new EmailDeliveryError(detail, permanent);
      }
    },
    close() {
      transporter.close();
    },
  };
}
