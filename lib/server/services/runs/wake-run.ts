import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { enqueueJob } from "@/lib/server/process/jobs/enqueue-job";

type Tx = Prisma.TransactionClient;

/*
 * Asks a worker to advance a run, in the transaction that made the run runnable: if that commits,
 * some instance advances the run; if it rolls back, nobody does. Keyed by conversation, so wake-ups
 * of one conversation that arrive while one waits are one job (the lease still decides who runs).
 */
export async function enqueueRunWakeUp(
  tx: Pick<Tx, "$queryRawUnsafe">,
  run: { runId: string; conversationId: string },
): Promise<void> {
  await enqueueJob(tx, "run-advance", { runId: run.runId }, { singletonKey: run.conversationId });
}

/*
 * Ends a reservation (see reserveRunLease) once its holder has done what had to come first, so
 * any worker may claim the run now rather than when the reservation would lapse.
 */
export async function releaseRunReservation(tx: Tx, runId: string, token: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE runs SET lease_owner = NULL, lease_expires_at = NULL
     WHERE id = ${runId} AND lease_owner = ${token} AND status = 'queued'`;
}
