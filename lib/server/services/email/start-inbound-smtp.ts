import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { InboundSmtpListener } from "@/lib/integrations/email/inbound-smtp-listener";
import { db as defaultDb } from "@/lib/server/db";
import { getServerEnv } from "@/lib/server/env";
import { getLogger } from "@/lib/server/logger";
import type { InboundIntakeOptions } from "./receive-inbound-email";

/*
 * Starts the SMTP listener inside the app process when INBOUND_SMTP_PORT is set. The sender hears
 * 250 once the email and its queued run are stored; the agent's turn goes on afterwards.
 */
export async function startInboundSmtp(
  options: InboundIntakeOptions & { db?: PrismaClient; port?: number } = {},
): Promise<InboundSmtpListener | null> {
  const env = getServerEnv();
  const port = options.port ?? env.INBOUND_SMTP_PORT;
  if (port === undefined) return null;
  // Loaded only here: the SMTP server and the mail parser hold about 20 MB that a server without
  // inbound SMTP never needs.
  const [{ startInboundSmtpListener }, { receiveInboundEmail }] = await Promise.all([
    import("@/lib/integrations/email/inbound-smtp-listener"),
    import("./receive-inbound-email"),
  ]);
  const log = getLogger();
  const db = options.db ?? defaultDb;
  const listener = await startInboundSmtpListener({
    port,
    host: env.INBOUND_SMTP_HOST,
    supportAddress: env.SUPPORT_EMAIL_ADDRESS,
    async receive(raw, recipients) {
      const received = await receiveInboundEmail(raw, { ...options, db, via: "smtp", recipients });
      log.info(
        { conversationId: received.conversationId, duplicate: received.duplicate },
        "inbound email stored",
      );
    },
    onError: (error) => log.error({ err: error }, "inbound SMTP failure"),
  });
  log.info({ port: listener.port }, "inbound SMTP listening");
  return listener;
}
