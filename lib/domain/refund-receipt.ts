import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { z } from "zod";
import type { SealedAuditRow } from "./audit-chain";
import { canonicalJson } from "./canonical-hash";
import type { DomainSettings } from "./settings";

/*
 * A refund receipt: one executed refund as proof a merchant can hand to a card network or an
 * auditor. It carries the sealed audit events the refund rests on exactly as stored (with their
 * chain position, previous hash and keyed hash), so a holder of the audit key re-computes each
 * event's MAC offline, and headline fields a person reads first, which the verifier checks
 * against those events (refund-receipt-verification.ts). The whole receipt is signed under the
 * same key (`receiptMac`), so nothing in it, the customer's words included, can change alone.
 */

/** The setting whose changes the receipt carries to show the approver's limit at the time. */
export const APPROVER_LIMIT_SETTING = "approverLimitCents" satisfies keyof DomainSettings;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits");
// No leading zeros: "012" and "12" are one position, and the receipt must have one spelling of it.
const decimal = z.string().regex(/^(0|[1-9]\d*)$/, "must be a decimal integer");

/** An audit event as stored and sealed; positions and ids as decimal strings, time as ISO. */
export const receiptAuditEventSchema = z.strictObject({
  id: decimal,
  position: decimal,
  prevHash: hex64.nullable(),
  hash: hex64,
  kind: z.string(),
  actorKind: z.string(),
  actorId: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string(),
  conversationId: z.string().nullable(),
  payload: z.json(),
  createdAt: z.string(),
});
export type ReceiptAuditEvent = z.infer<typeof receiptAuditEventSchema>;

/**
 * The customer's own words when they said yes by typing. The audit chain holds no messages (its
 * confirmation event names none), so these fields rest on the receipt's MAC alone; the hash lets a
 * reader match the words against the stored message.
 */
const consentMessageSchema = z.strictObject({
  id: z.string().min(1),
  authorKind: z.string(),
  createdAt: z.string(),
  body: z.string(),
  bodySha256: hex64,
});

/**
 * How the customer's yes arrived. `not_required`: the quote's gates asked no customer
 * confirmation (an email request, decided by an approver); `unrecorded`: the confirmation event
 * exists but neither a stored message nor the button's own event names how it was given.
 */
const consentSchema = z.discriminatedUnion("via", [
  z.strictObject({ via: z.literal("not_required") }),
  z.strictObject({ via: z.literal("message"), message: consentMessageSchema }),
  z.strictObject({ via: z.literal("button") }),
  z.strictObject({ via: z.literal("unrecorded") }),
]);
export type ReceiptConsent = z.infer<typeof consentSchema>;

export const refundReceiptSchema = z.strictObject({
  version: z.literal(1),
  exportedAt: z.string(),
  refund: z.strictObject({
    id: z.string().min(1),
    pendingActionId: z.string().min(1),
    conversationId: z.string().min(1),
    customerId: z.string().min(1),
    orderId: z.string().min(1),
    providerRefundId: z.string().min(1),
    amountCents: z.int(),
    currency: z.string(),
    /** The provider's state as last recorded; a string, so new provider states need no new version. */
    status: z.string().min(1),
  }),
  quote: z.strictObject({ hash: hex64, snapshot: z.json() }),
  consent: consentSchema,
  /** Who countersigned and the most their roles allowed then (null: no limit); null when nobody had to. */
  approval: z
    .strictObject({ approverId: z.string().min(1), limitCents: z.int().nullable() })
    .nullable(),
  events: z.strictObject({
    created: receiptAuditEventSchema,
    confirmed: receiptAuditEventSchema.nullable(),
    buttonPress: receiptAuditEventSchema.nullable(),
    approved: receiptAuditEventSchema.nullable(),
    /** The newest change of the approver limit sealed before the approval; null: the default held. */
    approverLimitSetting: receiptAuditEventSchema.nullable(),
    executed: receiptAuditEventSchema,
    /** The newest event about the refund after it was executed, if the provider's state changed. */
    providerState: receiptAuditEventSchema.nullable(),
  }),
  receiptMac: hex64,
});

export type RefundReceipt = z.infer<typeof refundReceiptSchema>;
export type UnsignedRefundReceipt = Omit<RefundReceipt, "receiptMac">;
export type ReceiptEventName = keyof RefundReceipt["events"];

/** A sealed audit row in the receipt's JSON form. */
export function toReceiptAuditEvent(row: SealedAuditRow): ReceiptAuditEvent {
  return {
    id: row.id,
    position: row.position.toString(),
    prevHash: row.prevHash,
    hash: row.hash,
    kind: row.kind,
    actorKind: row.actorKind,
    actorId: row.actorId,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    conversationId: row.conversationId,
    payload: row.payload as z.core.util.JSONType,
    createdAt: row.createdAt,
  };
}

/** The receipt's RFC 8785 canonical form: what is signed, and what a file holds. */
export function canonicalRefundReceipt(receipt: UnsignedRefundReceipt | RefundReceipt): string {
  return canonicalJson(receipt);
}

/**
 * HMAC-SHA256 under the audit key over the canonical receipt without its MAC, wrapped under its
 * own name so no receipt MAC can ever equal an audit event's or a checkpoint's.
 */
export function computeReceiptMac(key: Uint8Array, receipt: UnsignedRefundReceipt): string {
  const { receiptMac: _ignored, ...body } = receipt as RefundReceipt;
  return bytesToHex(hmac(sha256, key, utf8ToBytes(canonicalJson({ refundReceipt: body }))));
}

export function signRefundReceipt(key: Uint8Array, receipt: UnsignedRefundReceipt): RefundReceipt {
  return { ...receipt, receiptMac: computeReceiptMac(key, receipt) };
}
