import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { type AuditRecord, appendAuditEvents } from "./append-audit-events";

/*
 * Audit events that belong to no state change, such as a refused attempt (nothing else is
 * written), need no transaction of their own: one INSERT is atomic. A burst of them, such as
 * two hundred late clicks on one Approve button, shares INSERTs the way a database's group
 * commit shares flushes: events appended while an INSERT runs go into the next one. Each
 * caller's promise settles when the INSERT holding its events has committed (or failed), so an
 * answer is never sent before its audit row exists.
 */

const MAX_EVENTS_PER_INSERT = 500;

type Batch = { records: AuditRecord[]; committed: Promise<void>; settle(error?: unknown): void };
type Queue = { next: Batch | null; draining: boolean };

const globalForAudit = globalThis as unknown as {
  countersignStandaloneAuditQueues?: WeakMap<PrismaClient, Queue>;
};

function newBatch(): Batch {
  let settle: Batch["settle"] = () => {};
  const committed = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  return { records: [], committed, settle };
}

async function drain(db: PrismaClient, queue: Queue): Promise<void> {
  queue.draining = true;
  // Callers arriving in this same turn of the event loop join the first INSERT.
  await new Promise((resolve) => setImmediate(resolve));
  for (let batch = queue.next; batch; batch = queue.next) {
    queue.next = null;
    try {
      for (let start = 0; start < batch.records.length; start += MAX_EVENTS_PER_INSERT) {
        await appendAuditEvents(db, batch.records.slice(start, start + MAX_EVENTS_PER_INSERT));
      }
      batch.settle();
    } catch (error) {
      batch.settle(error);
    }
  }
  queue.draining = false;
}

/** Appends `events` outside any transaction; resolves once they are committed. */
export function appendStandaloneAuditEvents(
  db: PrismaClient,
  events: readonly AuditRecord[],
): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  globalForAudit.countersignStandaloneAuditQueues ??= new WeakMap();
  const queues = globalForAudit.countersignStandaloneAuditQueues;
  let queue = queues.get(db);
  if (!queue) {
    queue = { next: null, draining: false };
    queues.set(db, queue);
  }
  queue.next ??= newBatch();
  const batch = queue.next;
  batch.records.push(...events);
  if (!queue.draining) void drain(db, queue);
  return batch.committed;
}
