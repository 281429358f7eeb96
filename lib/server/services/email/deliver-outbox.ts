import "server-only";
import type { EmailTransport } from "@/lib/integrations/email/email-transport";
import { PROCESS_ID } from "@/lib/server/process/process-id";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type DispatchOutboxResult, dispatchOutbox } from "./dispatch-outbox";

/** Where the outbox goes and what it is sent as; the edge picks them (outbox-delivery.ts). */
export type OutboxDelivery = { transport: EmailTransport; supportAddress: string };

/*
 * One pass of the outbox worker: what the background sweep runs every few seconds and the CLI's
 * `outbox send` runs once. Without SMTP_URL nothing is sent anywhere; rows still move to "sent"
 * through the sink, so a later SMTP configuration does not flood customers with old replies.
 */
export function deliverOutbox(
  input: OutboxDelivery,
  context: Pick<UseCaseContext, "db" | "now" | "faultPoint">,
): Promise<DispatchOutboxResult> {
  return dispatchOutbox({
    db: context.db,
    transport: input.transport,
    now: context.now(),
    owner: PROCESS_ID,
    supportAddress: input.supportAddress,
    afterSend: () => context.faultPoint("after_email_send_before_record"),
  });
}
