import "server-only";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { newRunState } from "@/lib/domain/run-lifecycle";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publishRealtime } from "@/lib/server/realtime/publish";
import { waitsForPerson } from "./person-hold";
import { LEASE_SECONDS, reserveRunLease } from "./run-lease";
import { enqueueRunWakeUp } from "./wake-run";

/*
 * Puts a turn in line for the conversation. A run that is queued and not yet picked up will read
 * the new message when it starts, so a burst of messages makes one run, not one per message:
 * whatever arrives while a run is in progress joins the one queued run behind it.
 * Its wake-up job commits with it; a reserved run gets its own once the reservation's holder is
 * done (post-customer-message.ts).
 *
 * A caller with a reservation (a customer message whose intent is still to be applied) joins the
 * queued run by taking its reservation over, in this transaction: the run then waits for this
 * message's intent, and a claim racing with the take-over either finds it reserved or has
 * already made the run "running", which the conditional update sees, so a new run is queued.
 * Messages of one conversation are stored one at a time (post-customer-message.ts locks the
 * conversation first), so two callers never take over the same run at once.
 *
 * No run is queued while a person holds the conversation, nor for a customer's message while it
 * waits for a person (person-hold.ts).
 */
export async function queueRun(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    triggerMessageId: string | null;
    provider: ModelProvider;
    // Reserve the new run for the caller (see reserveRunLease) instead of joining a waiting one.
    reservation?: string;
  },
): Promise<{ runId: string | null; created: boolean }> {
  // One read of the conversation answers both holds: a person owns it, or it waits for one.
  const holds = await tx.conversation.findUnique({
    where: { id: input.conversationId },
    select: { humanOwnerId: true, language: true, needsPersonKind: true },
  });
  if (holds?.humanOwnerId != null) return { runId: null, created: false };
  if (holds && (await fromCustomerWaitingForPerson(tx, input, holds))) {
    return { runId: null, created: false };
  }
  const joined = input.reservation
    ? await takeOverQueuedRun(tx, input.conversationId, input.reservation)
    : await findFreeQueuedRun(tx, input.conversationId);
  if (joined) {
    if (!input.reservation) {
      await enqueueRunWakeUp(tx, { runId: joined, conversationId: input.conversationId });
    }
    return { runId: joined, created: false };
  }
  const run = await tx.run.create({
    data: {
      status: newRunState().status,
      conversationId: input.conversationId,
      triggerMessageId: input.triggerMessageId,
      provider: input.provider.id,
      model: input.provider.model,
    },
  });
  if (input.reservation) await reserveRunLease(tx, run.id, input.reservation);
  else await enqueueRunWakeUp(tx, { runId: run.id, conversationId: input.conversationId });
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: { status: "agent_working" },
  });
  await publishRealtime(tx, {
    topic: "run.status",
    conversationId: input.conversationId,
    payload: { runId: run.id, status: run.status },
  });
  return { runId: run.id, created: true };
}

async function findFreeQueuedRun(
  tx: Prisma.TransactionClient,
  conversationId: string,
): Promise<string | null> {
  const waiting = await tx.run.findFirst({
    where: { conversationId, status: "queued", leaseOwner: null },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  return waiting?.id ?? null;
}

// The queued run, reserved for `reservation` from now on, or null when there is none to join.
async function takeOverQueuedRun(
  tx: Prisma.TransactionClient,
  conversationId: string,
  reservation: string,
): Promise<string | null> {
  const [taken] = await tx.$queryRaw<{ id: string }[]>`
    UPDATE runs SET lease_owner = ${reservation},
                    lease_expires_at = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS})
     WHERE id = (SELECT id FROM runs
                  WHERE conversation_id = ${conversationId} AND status = 'queued'
                  ORDER BY created_at ASC LIMIT 1)
       AND status = 'queued'
       -- A lapsed reservation is the sweeper's: it finishes that message's intent first.
       AND (lease_owner IS NULL OR lease_expires_at >= clock_timestamp())
    RETURNING id`;
  return taken?.id ?? null;
}

async function fromCustomerWaitingForPerson(
  tx: Prisma.TransactionClient,
  input: { conversationId: string; triggerMessageId: string | null },
  conversation: { language: string | null; needsPersonKind: string | null },
): Promise<boolean> {
  if (input.triggerMessageId === null) return false;
  const trigger = await tx.message.findUnique({
    where: { id: input.triggerMessageId },
    select: { authorKind: true },
  });
  if (trigger?.authorKind !== "customer") return false;
  return waitsForPerson(tx, {
    conversation: { id: input.conversationId, ...conversation },
    triggerMessageId: input.triggerMessageId,
    now: new Date(),
  });
}
