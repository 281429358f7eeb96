import "server-only";
import { createSinkEmailTransport } from "@/lib/integrations/email/sink-email-transport";
import { createSmtpEmailTransport } from "@/lib/integrations/email/smtp-email-transport";
import { getServerEnv } from "@/lib/server/env";
import type { OutboxDelivery } from "@/lib/server/services/email/deliver-outbox";

let delivery: OutboxDelivery | undefined;

/**
 * How this process sends the outbox: over SMTP when SMTP_URL is set, otherwise into the sink,
 * and the outbox on each conversation is the record. Made once per process.
 */
export function outboxDelivery(): OutboxDelivery {
  if (delivery) return delivery;
  const env = getServerEnv();
  delivery = {
    transport: env.SMTP_URL
      ? createSmtpEmailTransport({ url: env.SMTP_URL, from: env.SUPPORT_EMAIL_ADDRESS })
      : createSinkEmailTransport(),
    supportAddress: env.SUPPORT_EMAIL_ADDRESS,
  };
  return delivery;
}
