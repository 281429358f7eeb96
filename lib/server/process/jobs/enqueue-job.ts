import PgBoss from "pg-boss";
import type { Prisma } from "@/lib/generated/prisma/client";
import { JOB_DEFINITIONS, JOB_SCHEMA, type JobData, type JobName } from "./job-definitions";

export type EnqueueOptions = {
  // Jobs of one key collapse while one waits (on "short" queues, see job-definitions.ts).
  singletonKey?: string;
  startAfterSeconds?: number;
};

type SqlRunner = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/*
 * Writes a job through the caller's own connection or transaction, so it commits or rolls back
 * with the state change it follows: a job for a change that never committed never runs, and a
 * committed change always has its job. Returns the job's id, or null when a job with the same
 * singleton key (none counts as one key) was already waiting on a "short" queue. The job is picked up by a worker of any instance (at once
 * by this one's after notifyJobWorkers, see job-runner.ts).
 */
export async function enqueueJob<Name extends JobName>(
  db: SqlRunner,
  name: Name,
  data: JobData<Name>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const checked = JOB_DEFINITIONS[name].data.parse(data) as object;
  const id = await jobWriter().send(name, checked, {
    ...(options.singletonKey !== undefined && { singletonKey: options.singletonKey }),
    ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }),
    db: { executeSql: (text, values) => runSql(db, text, values) },
  });
  if (id === null && JOB_DEFINITIONS[name].policy === "standard") {
    // A standard queue drops nothing as a duplicate: only a missing queue loses a job.
    throw new Error(`job ${name} was not stored: is its queue installed (installJobQueues)?`);
  }
  return id;
}

async function runSql(db: SqlRunner, text: string, values: unknown[]) {
  // pg serialises objects as JSON itself; Prisma's raw queries need the text.
  const parameters = values.map((value) =>
    value !== null && typeof value === "object" && !(value instanceof Date)
      ? JSON.stringify(value)
      : value,
  );
  const rows = await db.$queryRawUnsafe<unknown[]>(text, ...parameters);
  return { rows };
}

let writer: PgBoss | undefined;

// Never started and never connected: it only turns a send into SQL for the db given per call.
function jobWriter(): PgBoss {
  writer ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: () => Promise.reject(new Error("jobs are written through the caller's db")),
    },
  });
  return writer;
}
