import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuditRowFields,
  auditKeyBytes,
  byPosition,
  checkCheckpoint,
  computeCheckpointMac,
  type SealedAuditRow,
  sealAuditRows,
  verifyAuditChain,
} from "./audit-chain";

const KEY = auditKeyBytes("unit-test-audit-key-unit-test-audit-key");
const OTHER_KEY = auditKeyBytes("someone-else-entirely-someone-else-00000");

function row(index: number): AuditRowFields {
  return {
    id: String(100 + index),
    kind: "pending_action.declined",
    actorKind: "customer",
    actorId: "cus_sam",
    subjectType: "pending_action",
    subjectId: `pa_${index}`,
    conversationId: "conv_1",
    payload: { from: "awaiting_confirmation", to: "declined", netRefundCents: 1234 },
    createdAt: new Date(Date.UTC(2025, 2, 15, 12, 0, index)).toISOString(),
  };
}

function chain(length: number): SealedAuditRow[] {
  return sealAuditRows(
    KEY,
    null,
    Array.from({ length }, (_, index) => row(index)),
  );
}

const editable: (keyof AuditRowFields)[] = [
  "id",
  "kind",
  "actorKind",
  "actorId",
  "subjectType",
  "subjectId",
  "conversationId",
  "createdAt",
];

describe("sealAuditRows", () => {
  it("numbers rows from the head and links each to the one before", () => {
    const [first, second] = chain(2);
    expect(first).toMatchObject({ position: 1n, prevHash: null });
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatchObject({ position: 2n, prevHash: first?.hash });
    const [third] = sealAuditRows(KEY, { position: 2n, hash: second?.hash ?? "" }, [row(2)]);
    expect(third).toMatchObject({ position: 3n, prevHash: second?.hash });
  });

  it("does not depend on the key order of the payload (jsonb reorders keys)", () => {
    const [a] = sealAuditRows(KEY, null, [row(0)]);
    const [b] = sealAuditRows(KEY, null, [
      {
        ...row(0),
        payload: { netRefundCents: 1234, to: "declined", from: "awaiting_confirmation" },
      },
    ]);
    expect(a?.hash).toBe(b?.hash);
  });
});

describe("verifyAuditChain", () => {
  it("accepts an intact chain, whole or as pages continued from the last verified row", () => {
    const rows = chain(5);
    expect(verifyAuditChain(KEY, rows, null)).toMatchObject({ ok: true, checked: 5 });
    const first = verifyAuditChain(KEY, rows.slice(0, 2), null);
    expect(first.ok).toBe(true);
    const anchor = first.ok ? first.head : null;
    expect(verifyAuditChain(KEY, rows.slice(2), anchor)).toMatchObject({ ok: true, checked: 3 });
    expect(verifyAuditChain(KEY, [], null)).toEqual({ ok: true, checked: 0, head: null });
  });

  it("detects an edit of any column, the payload included", () => {
    const rows = chain(3);
    for (const field of editable) {
      const tampered = rows.map((item, index) =>
        index === 1 ? { ...item, [field]: `${String(item[field])}x` } : item,
      );
      expect(verifyAuditChain(KEY, tampered, null)).toEqual({
        ok: false,
        brokenAt: 1,
        problem: "HASH_MISMATCH",
      });
    }
    const amount = rows.map((item, index) =>
      index === 1 ? { ...item, payload: { ...(item.payload as object), netRefundCents: 1 } } : item,
    );
    expect(verifyAuditChain(KEY, amount, null)).toMatchObject({ ok: false, brokenAt: 1 });
  });

  it("detects removal of the first or a middle row, reordering and insertion", () => {
    const rows = chain(4) as [SealedAuditRow, SealedAuditRow, SealedAuditRow, SealedAuditRow];
    expect(verifyAuditChain(KEY, rows.slice(1), null)).toEqual({
      ok: false,
      brokenAt: 0,
      problem: "POSITION_GAP",
    });
    expect(verifyAuditChain(KEY, [rows[0], rows[2], rows[3]], null)).toEqual({
      ok: false,
      brokenAt: 1,
      problem: "POSITION_GAP",
    });
    // Reordered with positions swapped back into sequence: the links and MACs no longer fit.
    const swapped = [rows[0], { ...rows[2], position: 2n }, { ...rows[1], position: 3n }, rows[3]];
    expect(verifyAuditChain(KEY, swapped, null)).toMatchObject({ ok: false, brokenAt: 1 });
    const [forged] = sealAuditRows(OTHER_KEY, { position: 1n, hash: rows[0].hash }, [row(9)]);
    const inserted = [rows[0], forged as SealedAuditRow, rows[1]];
    expect(verifyAuditChain(KEY, inserted, null)).toEqual({
      ok: false,
      brokenAt: 1,
      problem: "HASH_MISMATCH",
    });
  });

  it("detects a chain re-hashed without the key, but not one re-hashed with it", () => {
    const rows = chain(3);
    const edited = rows.map((item) => ({ ...item, subjectId: "pa_other" }));
    expect(verifyAuditChain(KEY, sealAuditRows(OTHER_KEY, null, edited), null)).toEqual({
      ok: false,
      brokenAt: 0,
      problem: "HASH_MISMATCH",
    });
    // With the key the chain itself cannot tell; an exported checkpoint can (see checkCheckpoint).
    expect(verifyAuditChain(KEY, sealAuditRows(KEY, null, edited), null).ok).toBe(true);
  });

  it("finds any single tampered row at its position", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        fc.constantFrom(...editable),
        fc.string({ minLength: 1 }),
        (length, seed, field, text) => {
          const rows = chain(length);
          const target = seed % length;
          const tampered = rows.map((item, index) =>
            index === target ? { ...item, [field]: `${String(item[field])}${text}` } : item,
          );
          expect(verifyAuditChain(KEY, tampered, null)).toEqual({
            ok: false,
            brokenAt: target,
            problem: "HASH_MISMATCH",
          });
        },
      ),
    );
  });
});

describe("checkCheckpoint", () => {
  const at = new Date(Date.UTC(2025, 2, 15)).toISOString();
  const checkpoint = (hash: string, key = KEY) => {
    const fields = { position: 3n, hash, createdAt: at };
    return { ...fields, mac: computeCheckpointMac(key, fields) };
  };

  it("accepts a genuine checkpoint that matches the chain", () => {
    expect(checkCheckpoint(KEY, checkpoint("a".repeat(64)), "a".repeat(64))).toBeNull();
  });

  it("names a removed tail, a differing chain and a forged checkpoint", () => {
    expect(checkCheckpoint(KEY, checkpoint("a".repeat(64)), null)).toBe("TAIL_MISSING");
    expect(checkCheckpoint(KEY, checkpoint("a".repeat(64)), "b".repeat(64))).toBe(
      "CHECKPOINT_MISMATCH",
    );
    expect(checkCheckpoint(KEY, checkpoint("a".repeat(64), OTHER_KEY), "a".repeat(64))).toBe(
      "CHECKPOINT_FORGED",
    );
  });
});

describe("byPosition", () => {
  it("orders by bigint position, also where numbers would lose precision", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n })), (positions) => {
        const sorted = positions.map((position) => ({ position })).sort(byPosition);
        for (let index = 1; index < sorted.length; index += 1) {
          expect((sorted[index - 1]?.position ?? 0n) <= (sorted[index]?.position ?? 0n)).toBe(true);
        }
      }),
    );
    expect([{ position: 2n ** 53n + 1n }, { position: 2n ** 53n }].sort(byPosition)).toEqual([
      { position: 2n ** 53n },
      { position: 2n ** 53n + 1n },
    ]);
  });
});
