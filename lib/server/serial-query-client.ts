import pg from "pg";

type PromisedQuery = (this: pg.Client, ...args: unknown[]) => Promise<unknown>;

const runQuery = pg.Client.prototype.query as unknown as PromisedQuery;

/*
 * A pg client that starts each query only after the one before it has finished. Prisma's pg adapter
 * sends the reads of a nested include in parallel (prisma/orm#29468); inside a transaction they
 * share one connection, on which pg 8 queues them with a deprecation warning and pg 9 refuses
 * them. A query given a callback or a submittable (a cursor, a stream) goes straight to pg.
 */
export class SerialQueryClient extends pg.Client {
  #previous: Promise<unknown> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads return a promise or a submittable
  override query(...args: unknown[]): any {
    const [config] = args;
    const handsOff =
      args.some((arg) => typeof arg === "function") ||
      (typeof config === "object" && config !== null && "submit" in config);
    if (handsOff) return runQuery.apply(this, args);
    const result = this.#previous.then(() => runQuery.apply(this, args));
    this.#previous = result.catch(() => undefined);
    return result;
  }
}
