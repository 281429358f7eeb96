import PgBoss from "pg-boss";
import { utcConnection } from "@/lib/server/database-session";
import { DEAD_LETTER_QUEUE, JOB_DEFINITIONS, JOB_NAMES, JOB_SCHEMA } from "./job-definitions";

/*
 * Creates every queue of the registry with its retry settings and the dead-letter queue, or brings
 * an existing queue's settings up to date. Idempotent, so every process may run it at start-up.
 */
export async function ensureJobQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, policy: "standard" });
  for (const name of JOB_NAMES) {
    const definition = JOB_DEFINITIONS[name];
    const options = {
      name,
      policy: definition.policy,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: definition.expireInSeconds,
      deadLetter: DEAD_LETTER_QUEUE,
    };
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
}

/*
 * Installs pg-boss' tables (schema `pgboss`, versioned by pg-boss itself) and the app's queues in
 * a database, without starting any worker: run with the app's migrations, so every process that
 * writes a job (tests, the CLI, the benches) finds its queue.
 */
export async function installJobQueues(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    ...utcConnection(databaseUrl),
    schema: JOB_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    application_name: "countersign-migrate",
  });
  boss.on("error", () => undefined);
  await boss.start();
  try {
    await ensureJobQueues(boss);
  } finally {
    await boss.stop({ graceful: false, close: true, wait: true });
  }
}
