import { createHash } from "node:crypto";

/*
 * The Message-ID of an outbox row is a pure function of its idempotency key: every attempt to
 * send the row, in any process, carries the same id, and nothing about the key (an action id, a
 * message id) is revealed to the recipient.
 */
export function deriveEmailMessageId(idempotencyKey: string, supportAddress: string): string {
  const domain = supportAddress.split("@")[1] ?? "countersign.local";
  const digest = createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 32);
  return `<${digest}@${domain}>`;
}

/** Whether a Message-ID was minted here, i.e. a reference to it must name one of our emails. */
export function isOwnMessageId(messageId: string, supportAddress: string): boolean {
  const domain = supportAddress.split("@")[1] ?? "countersign.local";
  return /^<[0-9a-f]{32}@/.test(messageId) && messageId.endsWith(`@${domain}>`);
}
