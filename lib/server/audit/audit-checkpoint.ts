import "server-only";
import { computeCheckpointMac } from "@/lib/domain/audit-chain";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { lockSealBatch, readAuditHead } from "./audit-head";

/*
 * A checkpoint is a keyed note of the chain's head (position, hash, time, MAC). Verification
 * checks the chain still reaches and matches every checkpoint, which is how removal of the
 * newest events is detected. Checkpoints kept only in the same database can be removed along
 * with the tail by someone who can disable triggers, so each one is also logged by the sealer
 * and shown on /audit: a copy held elsewhere (log storage, an export) is the outside witness.
 */

export type AuditCheckpointRecord = {
  position: bigint;
  hash: string;
  mac: string;
  createdAt: Date;
};

/** Writes a checkpoint of the current head unless the newest one already names it. */
export async function writeAuditCheckpoint(
  db: PrismaClient,
  key: Uint8Array,
  now: Date,
): Promise<AuditCheckpointRecord | null> {
  return db.$transaction(async (tx) => {
    await lockSealBatch(tx);
    const head = await readAuditHead(tx);
    if (!head) return null;
    const latest = await tx.auditCheckpoint.findFirst({
      orderBy: { id: "desc" },
      select: { position: true },
    });
    if (latest?.position === head.position) return null;
    const createdAt = new Date(now.getTime());
    const mac = computeCheckpointMac(key, { ...head, createdAt: createdAt.toISOString() });
    await tx.auditCheckpoint.create({
      data: { position: head.position, hash: head.hash, mac, createdAt },
    });
    return { ...head, mac, createdAt };
  });
}

export async function latestAuditCheckpoint(
  db: PrismaClient,
): Promise<AuditCheckpointRecord | null> {
  return db.auditCheckpoint.findFirst({
    orderBy: { id: "desc" },
    select: { position: true, hash: true, mac: true, createdAt: true },
  });
}
