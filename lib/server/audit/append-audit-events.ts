import "server-only";
import type { AuditEventInput } from "@/lib/domain/audit-events";
import { computeAuditHash } from "@/lib/domain/audit-events";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toStoredActor } from "./audit-actor";
import "./server-audit-events";

/*
 * Appends events to the hash chain inside the caller's transaction, so an event exists if and
 * only if the change it describes committed. The chain is a single sequence: a transaction-scoped
 * advisory lock makes concurrent writers take turns reading the last hash, and the lock is held
 * until commit. Call this last in a transaction, after its row writes, so a writer holding the
 * lock never waits on a row lock held by another writer that wants the lock.
 */

/** Arbitrary, fixed key for pg_advisory_xact_lock: "audit chain". */
const AUDIT_CHAIN_LOCK_KEY = 0x617564_6974n;

/** An event plus the conversation it belongs to, for the audit log's conversation filter. */
export type AuditRecord = AuditEventInput & { conversationId?: string | null };

function conversationIdOf(event: AuditRecord): string | null {
  if (event.conversationId) return event.conversationId;
  const payload = event.payload as { conversationId?: unknown };
  return typeof payload.conversationId === "string" ? payload.conversationId : null;
}

export async function appendAuditEvents(
  tx: Prisma.TransactionClient,
  events: readonly AuditRecord[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_KEY})`;
  const last = await tx.auditEvent.findFirst({ orderBy: { id: "desc" }, select: { hash: true } });
  let prevHash = last?.hash ?? null;
  for (const event of events) {
    const actor = toStoredActor(event.actor);
    const hash = computeAuditHash(prevHash, {
      kind: event.kind,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      actor,
      occurredAt: event.occurredAt,
      payload: event.payload,
    });
    await tx.auditEvent.create({
      data: {
        kind: event.kind,
        actorKind: actor.kind,
        actorId: actor.id,
        subjectType: event.subjectType,
        subjectId: event.subjectId,
        conversationId: conversationIdOf(event),
        payload: event.payload as Prisma.InputJsonValue,
        prevHash,
        hash,
        createdAt: event.occurredAt,
      },
    });
    prevHash = hash;
  }
}
