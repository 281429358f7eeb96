import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { canonicalJson } from "./canonical-hash";

/*
 * The keyed audit chain. Each sealed event's hash is HMAC-SHA256(key) over the canonical JSON of
 * every stored column (id, position, kind, actor, subject, conversation, payload, time) and the
 * previous event's hash. Positions run 1, 2, 3… without gaps. So an edit, an insertion, a
 * removal anywhere but the tail, a reordering or a re-hash without the key each break the chain;
 * removal of the tail is caught by checking the newest checkpoint (a keyed note of the head).
 */

/** A stored audit row as text: bigints as decimal strings, the time as an ISO string. */
export type AuditRowFields = {
  id: string;
  kind: string;
  actorKind: string;
  actorId: string | null;
  subjectType: string;
  subjectId: string;
  conversationId: string | null;
  payload: unknown;
  createdAt: string;
};

export type SealedAuditRow = AuditRowFields & {
  position: bigint;
  prevHash: string | null;
  hash: string;
};

export type ChainHead = { position: bigint; hash: string };

export type AuditCheckpointFields = { position: bigint; hash: string; createdAt: string };
/** A checkpoint with its MAC, as stored, logged or exported. */
export type SignedCheckpoint = AuditCheckpointFields & { mac: string };

/** Orders rows or checkpoints by their bigint position. */
export function byPosition(a: { position: bigint }, b: { position: bigint }): number {
  return a.position < b.position ? -1 : a.position > b.position ? 1 : 0;
}

export type AuditChainProblem =
  | "POSITION_GAP"
  | "PREV_HASH_MISMATCH"
  | "HASH_MISMATCH"
  | "CHECKPOINT_FORGED"
  | "CHECKPOINT_MISMATCH"
  | "TAIL_MISSING";

function hmacHex(key: Uint8Array, text: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(text)));
}

export function auditKeyBytes(secret: string): Uint8Array {
  return utf8ToBytes(secret);
}

export function computeAuditMac(
  key: Uint8Array,
  row: AuditRowFields & { position: bigint; prevHash: string | null },
): string {
  return hmacHex(
    key,
    canonicalJson({
      id: row.id,
      position: row.position.toString(),
      prevHash: row.prevHash,
      kind: row.kind,
      actorKind: row.actorKind,
      actorId: row.actorId,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      conversationId: row.conversationId,
      payload: row.payload,
      createdAt: row.createdAt,
    }),
  );
}

export function computeCheckpointMac(key: Uint8Array, checkpoint: AuditCheckpointFields): string {
  return hmacHex(
    key,
    canonicalJson({
      checkpoint: true,
      position: checkpoint.position.toString(),
      hash: checkpoint.hash,
      createdAt: checkpoint.createdAt,
    }),
  );
}

/** Positions and hashes for `rows` (in the order they are to be sealed) after `head`. */
export function sealAuditRows(
  key: Uint8Array,
  head: ChainHead | null,
  rows: readonly AuditRowFields[],
): SealedAuditRow[] {
  let position = head?.position ?? 0n;
  let prevHash = head?.hash ?? null;
  return rows.map((row) => {
    position += 1n;
    const hash = computeAuditMac(key, { ...row, position, prevHash });
    const sealed = { ...row, position, prevHash, hash };
    prevHash = hash;
    return sealed;
  });
}

export type AuditChainVerification =
  | { ok: true; checked: number; head: ChainHead | null }
  | { ok: false; brokenAt: number; problem: AuditChainProblem };

/**
 * Checks `rows` in position order, continuing from `anchor` (null for the start of the log, or
 * the last verified row when checking a later page).
 */
export function verifyAuditChain(
  key: Uint8Array,
  rows: readonly SealedAuditRow[],
  anchor: ChainHead | null,
): AuditChainVerification {
  let head = anchor;
  for (const [index, row] of rows.entries()) {
    if (row.position !== (head?.position ?? 0n) + 1n) {
      return { ok: false, brokenAt: index, problem: "POSITION_GAP" };
    }
    if (row.prevHash !== (head?.hash ?? null)) {
      return { ok: false, brokenAt: index, problem: "PREV_HASH_MISMATCH" };
    }
    if (row.hash !== computeAuditMac(key, row)) {
      return { ok: false, brokenAt: index, problem: "HASH_MISMATCH" };
    }
    head = { position: row.position, hash: row.hash };
  }
  return { ok: true, checked: rows.length, head };
}

/**
 * Whether a checkpoint is genuine and agrees with the chain: `hashAt` is the verified hash at
 * the checkpoint's position, or null when the chain ends before it (its tail was removed).
 */
export function checkCheckpoint(
  key: Uint8Array,
  checkpoint: SignedCheckpoint,
  hashAt: string | null,
): AuditChainProblem | null {
  if (checkpoint.mac !== computeCheckpointMac(key, checkpoint)) return "CHECKPOINT_FORGED";
  if (hashAt === null) return "TAIL_MISSING";
  if (hashAt !== checkpoint.hash) return "CHECKPOINT_MISMATCH";
  return null;
}
