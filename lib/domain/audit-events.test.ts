import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuditEventInput,
  type AuditHashFields,
  type ChainedAuditEvent,
  computeAuditHash,
  verifyAuditChain,
} from "./audit-events";

const T0 = new Date("2025-03-15T12:00:00.000Z");

function event(index: number): AuditEventInput {
  return {
    kind: "pending_action.declined",
    subjectType: "pending_action",
    subjectId: `pa_${index}`,
    actor: { type: "customer", customerId: "cus_sam" },
    occurredAt: new Date(T0.getTime() + index * 1000),
    payload: { from: "awaiting_confirmation", to: "declined" },
  };
}

/** What the server does: hash each event with the previous hash and store both. */
function chain(events: AuditEventInput[], anchor: string | null = null): ChainedAuditEvent[] {
  const chained: ChainedAuditEvent[] = [];
  let prevHash = anchor;
  for (const item of events) {
    const hash = computeAuditHash(prevHash, item);
    chained.push({ ...item, prevHash, hash });
    prevHash = hash;
  }
  return chained;
}

/** As the rows come back from Postgres: JSON payloads, ISO-string or Date timestamps. */
function readBack(events: ChainedAuditEvent[]): ChainedAuditEvent[] {
  return events.map((item) => ({
    ...(JSON.parse(JSON.stringify(item)) as ChainedAuditEvent),
    occurredAt: new Date(item.occurredAt),
  }));
}

describe("computeAuditHash", () => {
  it("is a sha256 hex digest that depends on the previous hash and every field", () => {
    const base = computeAuditHash(null, event(1));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(computeAuditHash(null, event(1))).toBe(base);
    expect(computeAuditHash("a".repeat(64), event(1))).not.toBe(base);
    const variants: AuditHashFields[] = [
      { ...event(1), subjectId: "pa_2" },
      { ...event(1), occurredAt: new Date(T0.getTime() + 1001) },
      { ...event(1), actor: { type: "system" } },
      { ...event(1), payload: { from: "suspended", to: "declined" } },
      { ...event(1), kind: "pending_action.suspended" },
    ];
    for (const variant of variants) expect(computeAuditHash(null, variant)).not.toBe(base);
  });

  it("hashes a timestamp the same whether it is a Date or its ISO string, and ignores key order", () => {
    const item = event(1);
    const asString = { ...item, occurredAt: item.occurredAt.toISOString() };
    expect(computeAuditHash(null, asString)).toBe(computeAuditHash(null, item));
    const reordered = { ...item, payload: { to: "declined", from: "awaiting_confirmation" } };
    expect(computeAuditHash(null, reordered)).toBe(computeAuditHash(null, item));
  });
});

describe("verifyAuditChain", () => {
  it("accepts an intact chain, also after a round trip through the database", () => {
    const events = chain([event(1), event(2), event(3)]);
    expect(verifyAuditChain(events)).toEqual({ ok: true, checked: 3 });
    expect(verifyAuditChain(readBack(events))).toEqual({ ok: true, checked: 3 });
    expect(verifyAuditChain([])).toEqual({ ok: true, checked: 0 });
  });

  it("verifies a later page from the last verified hash", () => {
    const events = chain([event(1), event(2), event(3), event(4)]);
    const anchorHash = events[1]?.hash ?? null;
    expect(verifyAuditChain(events.slice(2), { anchorHash })).toEqual({ ok: true, checked: 2 });
    expect(verifyAuditChain(events.slice(2))).toEqual({
      ok: false,
      brokenAt: 0,
      problem: "PREV_HASH_MISMATCH",
    });
  });

  it("detects an edited payload, a removed event, reordering and a forged hash", () => {
    const events = chain([event(1), event(2), event(3)]);
    const edited = events.map((item, index) =>
      index === 1 ? { ...item, payload: { from: "awaiting_confirmation", to: "approved" } } : item,
    );
    expect(verifyAuditChain(edited)).toEqual({ ok: false, brokenAt: 1, problem: "HASH_MISMATCH" });
    expect(verifyAuditChain([events[0], events[2]] as ChainedAuditEvent[])).toEqual({
      ok: false,
      brokenAt: 1,
      problem: "PREV_HASH_MISMATCH",
    });
    expect(verifyAuditChain([events[1], events[0]] as ChainedAuditEvent[]).ok).toBe(false);
    const forged = events.map((item, index) =>
      index === 2 ? { ...item, hash: "0".repeat(64) } : item,
    );
    expect(verifyAuditChain(forged)).toEqual({ ok: false, brokenAt: 2, problem: "HASH_MISMATCH" });
  });

  it("finds any single tampered event at its position", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.nat(),
        fc.string({ minLength: 1 }),
        (length, seed, text) => {
          const events = chain(Array.from({ length }, (_, index) => event(index)));
          const target = seed % length;
          const tampered = events.map((item, index) =>
            index === target ? { ...item, subjectId: `${item.subjectId}${text}` } : item,
          );
          expect(verifyAuditChain(tampered)).toEqual({
            ok: false,
            brokenAt: target,
            problem: "HASH_MISMATCH",
          });
        },
      ),
    );
  });
});
