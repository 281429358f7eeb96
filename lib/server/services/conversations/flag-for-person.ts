import "server-only";
import type { Actor } from "@/lib/domain/actor";
import { type NeedsPersonFlag, needsPersonReasonText } from "@/lib/domain/needs-person";
import type { Prisma } from "@/lib/generated/prisma/client";
import { appendAuditEvents } from "@/lib/server/audit/append-audit-events";
import { publishRealtime } from "@/lib/server/realtime/publish";

/*
 * Hands a conversation to a person: the inbox shows it with the reason until someone takes it
 * over. Flagging again keeps the first "since" (the wait started then) and the newest reason.
 */
export async function flagForPerson(
  tx: Prisma.TransactionClient,
  input: { conversationId: string; flag: NeedsPersonFlag; actor: Actor; now: Date },
): Promise<void> {
  const reason = needsPersonReasonText(input.flag.reason);
  const current = await tx.conversation.findUniqueOrThrow({
    where: { id: input.conversationId },
    select: { needsPersonSince: true, needsPersonKind: true, needsPersonReason: true },
  });
  if (current.needsPersonKind === input.flag.kind && current.needsPersonReason === reason) return;
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: {
      needsPersonKind: input.flag.kind,
      needsPersonReason: reason,
      needsPersonSince: current.needsPersonSince ?? input.now,
    },
  });
  await publishRealtime(tx, {
    topic: "ticket.changed",
    conversationId: input.conversationId,
    payload: { needsPerson: { kind: input.flag.kind, reason } },
  });
  await appendAuditEvents(tx, [
    {
      kind: "conversation.flagged_for_person",
      subjectType: "conversation",
      subjectId: input.conversationId,
      actor: input.actor,
      occurredAt: input.now,
      payload: { conversationId: input.conversationId, kind: input.flag.kind, reason },
    },
  ]);
}

/** A person took the conversation: the flag has done its job. No-op when it is not flagged. */
export async function clearPersonFlag(
  tx: Prisma.TransactionClient,
  input: {
    conversationId: string;
    actor: Actor;
    now: Date;
    clearedBy: "take_over" | "staff_reply";
  },
): Promise<void> {
  const current = await tx.conversation.findUniqueOrThrow({
    where: { id: input.conversationId },
    select: { needsPersonKind: true },
  });
  if (!current.needsPersonKind) return;
  await tx.conversation.update({
    where: { id: input.conversationId },
    data: { needsPersonKind: null, needsPersonReason: null, needsPersonSince: null },
  });
  await publishRealtime(tx, {
    topic: "ticket.changed",
    conversationId: input.conversationId,
    payload: { needsPerson: null },
  });
  await appendAuditEvents(tx, [
    {
      kind: "conversation.person_flag_cleared",
      subjectType: "conversation",
      subjectId: input.conversationId,
      actor: input.actor,
      occurredAt: input.now,
      payload: {
        conversationId: input.conversationId,
        kind: current.needsPersonKind,
        clearedBy: input.clearedBy,
      },
    },
  ]);
}
