import "server-only";
import { Slots } from "@/lib/concurrency/slots";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { getServerEnv } from "@/lib/server/env";

// On globalThis, like the Prisma client, so every server chunk that bundles this shares one.
const globalForIntake = globalThis as unknown as { countersignIntakeSlots?: Slots };

function intakeSlots(): Slots {
  globalForIntake.countersignIntakeSlots ??= new Slots(getServerEnv().INTAKE_CONCURRENCY);
  return globalForIntake.countersignIntakeSlots;
}

/*
 * The transaction that stores an intake (conversation, message, run, receipt). A burst of them
 * waits here, in memory and in arrival order, for one of INTAKE_CONCURRENCY slots instead of
 * for a pooled connection: a request that waits is answered late, never failed, and the other
 * half of the pool stays free for the agent's runs and everything else that arrives meanwhile.
 */
export function intakeTransaction<T>(
  db: PrismaClient,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const waitMs = getServerEnv().DATABASE_TRANSACTION_WAIT_SECONDS * 1000;
  return intakeSlots().run(() => db.$transaction(work, { maxWait: waitMs, timeout: waitMs }));
}
