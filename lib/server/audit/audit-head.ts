import "server-only";
import type { ChainHead } from "@/lib/domain/audit-chain";
import type { Prisma } from "@/lib/generated/prisma/client";

/** Arbitrary, fixed key for pg_advisory_xact_lock: "seal". Only sealing takes it; writers never. */
const SEAL_BATCH_LOCK_KEY = 0x7365_616cn;

/** Makes this transaction the only one moving the heads of the sealed logs until it ends. */
export const LOCK_SEAL_BATCH_SQL = `SELECT pg_advisory_xact_lock(${SEAL_BATCH_LOCK_KEY})`;

export async function lockSealBatch(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRawUnsafe(LOCK_SEAL_BATCH_SQL);
}

export async function readAuditHead(tx: Prisma.TransactionClient): Promise<ChainHead | null> {
  const head = await tx.auditEvent.findFirst({
    where: { position: { not: null } },
    orderBy: { position: "desc" },
    select: { position: true, hash: true },
  });
  if (!head || head.position === null || head.hash === null) return null;
  return { position: head.position, hash: head.hash };
}
