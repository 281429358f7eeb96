/*
 * The note Countersign writes on every refund it makes in a store. A store keeps no metadata on
 * a refund, only its note, so the note carries the pending action (and, for reconciliation, the
 * quote hash and the conversation): a later read of the order recognises Countersign's own
 * refunds by it (lib/server/repositories/store-order-cache.ts) and the payment adapter finds the
 * refund an action made after its idempotency key is gone.
 */

/** `countersign:<pending action id>`, the part every reader relies on. */
export const OWN_REFUND_NOTE = /countersign:([A-Za-z0-9_-]+)/;

const TRACE = /countersign:([A-Za-z0-9_-]+) quote:([A-Za-z0-9_-]+) conversation:([A-Za-z0-9_-]+)/;

export type OwnRefundTrace = { quoteHash: string; conversationId: string };

/**
 * The note for the refund of one pending action, e.g.
 * `Refund by Countersign (countersign:pa_1 quote:9f2c… conversation:cv_1)`.
 */
export function ownRefundNote(pendingActionId: string, trace?: OwnRefundTrace): string {
  const traced = trace ? ` quote:${trace.quoteHash} conversation:${trace.conversationId}` : "";
  return `Refund by Countersign (countersign:${pendingActionId}${traced})`;
}

/** The pending action a refund's note names, or null for a refund Countersign did not make. */
export function pendingActionOfNote(note: string | null): string | null {
  return note?.match(OWN_REFUND_NOTE)?.[1] ?? null;
}

/** The action, quote and conversation a traced note names; null when any of them is missing. */
export function traceOfNote(
  note: string | null,
): ({ pendingActionId: string } & OwnRefundTrace) | null {
  const match = note?.match(TRACE);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { pendingActionId: match[1], quoteHash: match[2], conversationId: match[3] };
}
