import "server-only";
import { SUPPORT_SIGNATURE } from "@/lib/agent/tools/send-customer-message.tool";
import { SYSTEM_ACTOR } from "@/lib/domain/actor";
import { renderHoldingReply } from "@/lib/domain/claim-statements";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { deliverCustomerMessage } from "@/lib/server/services/conversations/deliver-customer-message";
import { flagForPerson } from "@/lib/server/services/conversations/flag-for-person";
import { loadClaimFacts } from "@/lib/server/services/conversations/load-claim-facts";

type SilenceRow = { heard_customer: boolean; replied: boolean; refused_sends: number };

/*
 * A run that heard a customer ends with something said to them. When the run's trigger is a
 * customer message and nothing customer-visible was written after it (every reply refused, or
 * none attempted), code sends a holding reply rendered from the records and flags the
 * conversation for a person, in one transaction. Keyed by the run, so a run resumed after a crash
 * finds its reply already there and does nothing again. Runs started by anything else (an
 * approver's decision, a staff request) owe no reply.
 */
export async function replyIfRunWasSilent(
  db: PrismaClient,
  runId: string,
  conversation: {
    id: string;
    channel: "chat" | "email";
    subject: string;
    customerId: string;
    customerEmail: string;
  },
): Promise<void> {
  const [row] = await db.$queryRaw<SilenceRow[]>`
    SELECT trigger.author_kind = 'customer' AS heard_customer,
           EXISTS (SELECT 1 FROM messages AS m
                    WHERE m.conversation_id = trigger.conversation_id
                      AND m.visibility = 'customer' AND m.author_kind <> 'customer'
                      AND m.created_at >= trigger.created_at) AS replied,
           (SELECT count(*)::int FROM run_steps AS s
             WHERE s.run_id = r.id AND s.kind = 'tool_result' AND s.is_error
               AND s.tool_name = 'send_customer_message') AS refused_sends
      FROM runs AS r JOIN messages AS trigger ON trigger.id = r.trigger_message_id
     WHERE r.id = ${runId}`;
  if (!row?.heard_customer || row.replied) return;
  const now = new Date();
  const facts = await loadClaimFacts(db, conversation, now);
  const reason =
    row.refused_sends > 0
      ? `The customer wrote, and none of the agent's ${row.refused_sends} replies passed the claim check; a holding reply was sent.`
      : "The customer wrote, and the agent ended its turn without replying; a holding reply was sent.";
  await db.$transaction(async (tx) => {
    await flagForPerson(tx, {
      conversationId: conversation.id,
      flag: { kind: "agent_could_not_reply", reason },
      actor: SYSTEM_ACTOR,
      now,
    });
    await deliverCustomerMessage(tx, {
      conversation,
      author: { kind: "system" },
      body: `${renderHoldingReply(facts)}\n\n${SUPPORT_SIGNATURE}`,
      dedupeKey: `holding-reply:${runId}`,
      now,
    });
  });
}
