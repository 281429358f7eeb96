import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { EmailTransport } from "@/lib/integrations/email/email-transport";
import { createSinkEmailTransport } from "@/lib/integrations/email/sink-email-transport";
import { createSmtpEmailTransport } from "@/lib/integrations/email/smtp-email-transport";
import { db as defaultDb } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { faultPoint } from "@/lib/server/fault-injection";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import { type DispatchOutboxResult, dispatchOutbox } from "./dispatch-outbox";

let cachedTransport: EmailTransport | undefined;

/** SMTP when SMTP_URL is set; otherwise the sink, and the outbox on each ticket is the record. */
export function selectEmailTransport(): EmailTransport {
  if (cachedTransport) return cachedTransport;
  const env = getServerEnv();
  cachedTransport = env.SMTP_URL
    ? createSmtpEmailTransport({ url: env.SMTP_URL, from: env.SUPPORT_EMAIL_ADDRESS })
    : createSinkEmailTransport();
  return cachedTransport;
}

/*
 * One pass of the outbox worker: what the background sweep runs every few seconds and the CLI's
 * `outbox send` runs once. Without SMTP_URL nothing is sent anywhere; rows still move to "sent"
 * through the sink, so a later SMTP configuration does not flood customers with old replies.
 */
export function deliverOutbox(
  options: { db?: PrismaClient; now?: Date; transport?: EmailTransport } = {},
): Promise<DispatchOutboxResult> {
  return dispatchOutbox({
    db: options.db ?? defaultDb,
    transport: options.transport ?? selectEmailTransport(),
    now: options.now ?? new Date(),
    owner: PROCESS_ID,
    supportAddress: getServerEnv().SUPPORT_EMAIL_ADDRESS,
    afterSend: () => faultPoint("after_email_send_before_record"),
  });
}
