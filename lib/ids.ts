/*
 * Every id this code mints is `<prefix>_<24 lowercase hex>`: the prefix says what the id names, so
 * an id met in a log, a URL or a support email points at one kind of thing. The list is closed;
 * a new kind of id adds its prefix here.
 *
 * Database defaults stay as they are (`@default(cuid())` in prisma/schema.prisma): rows that
 * Prisma creates without an explicit id still get a cuid, and rows already stored keep whatever
 * id they were given (cuid, bare uuid, or an older prefix). Ids are opaque strings wherever they
 * are read, and audit events name their subjects by id inside a hash chain, so rewriting stored
 * ids would break the chain for no gain.
 *
 * No Node built-ins: the platform `crypto` global exists in Node and in browsers alike, so any
 * layer may import this module.
 */

export const ID_PREFIXES = [
  /** A pending action (a proposed refund). */
  "pa",
  /** A refund we recorded. */
  "rf",
  /** A refund at the ledger payment provider, its own id for it. */
  "re",
  /** A conversation message. */
  "msg",
  /** A run step. */
  "step",
  /** A streamed preview of a run step's reply, before the step is stored. */
  "preview",
  /** An idempotency receipt. */
  "rcpt",
  /** A sweep's dead letter. */
  "dl",
  /** An HTTP request, for following it through the logs. */
  "req",
  /** A model tool call the provider sent without an id. */
  "call",
  /** One CSV import of orders, as its audit event names it. */
  "imp",
] as const;

export type IdPrefix = (typeof ID_PREFIXES)[number];

const BODY_HEX_LENGTH = 24;

export function newId(prefix: IdPrefix): string {
  const bytes = crypto.getRandomValues(new Uint8Array(BODY_HEX_LENGTH / 2));
  return `${prefix}_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/** The same digest always gives the same id, so a retried request finds what it made before. */
export function idFromDigest(prefix: IdPrefix, digestHex: string): string {
  if (!/^[0-9a-f]+$/.test(digestHex) || digestHex.length < BODY_HEX_LENGTH) {
    throw new Error(`An id needs a lowercase hex digest of at least ${BODY_HEX_LENGTH} characters`);
  }
  return `${prefix}_${digestHex.slice(0, BODY_HEX_LENGTH)}`;
}
