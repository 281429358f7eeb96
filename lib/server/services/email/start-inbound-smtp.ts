import "server-only";
import type { InboundSmtpListener } from "@/lib/integrations/email/inbound-smtp-listener";
import type { ReceiveInboundEmailContext } from "./receive-inbound-email";

/*
 * Starts the SMTP listener inside the app process when INBOUND_SMTP_PORT is set. The sender hears
 * 250 once the email and its queued run are stored; the agent's turn goes on afterwards.
 */
export async function startInboundSmtp(
  input: {
    /** INBOUND_SMTP_PORT; unset means this instance takes no mail. 0 picks a free port. */
    port: number | undefined;
    host: string;
    supportAddress: string;
  },
  context: ReceiveInboundEmailContext,
): Promise<InboundSmtpListener | null> {
  if (input.port === undefined) return null;
  // Loaded only here: the SMTP server and the mail parser hold about 20 MB that a server without
  // inbound SMTP never needs.
  const [{ startInboundSmtpListener }, { receiveInboundEmail }] = await Promise.all([
    import("@/lib/integrations/email/inbound-smtp-listener"),
    import("./receive-inbound-email"),
  ]);
  const log = context.logger;
  const listener = await startInboundSmtpListener({
    port: input.port,
    host: input.host,
    supportAddress: input.supportAddress,
    async receive(raw, recipients) {
      const received = await receiveInboundEmail(
        { raw, via: "smtp", recipients, supportAddress: input.supportAddress },
        context,
      );
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
