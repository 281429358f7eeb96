import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  type ActivityActorRow,
  type ActivityEventRow,
  KINDS_WITH_SENTENCES,
  tellActivity,
} from "./activity-sentences";
import { AUDIT_EVENT_KINDS, type AuditEventKind } from "./audit-events";

const names = {
  staff: new Map([
    ["u-pat", "Pat Approver"],
    ["u-avery", "Avery Agent"],
  ]),
  customers: new Map([["c-maya", "Maya Chen"]]),
};

const AGENT: ActivityActorRow = { kind: "agent", id: null };
const SYSTEM: ActivityActorRow = { kind: "system", id: null };
const MAYA: ActivityActorRow = { kind: "customer", id: "c-maya" };
const PAT: ActivityActorRow = { kind: "staff", id: "u-pat" };
const AVERY: ActivityActorRow = { kind: "staff", id: "u-avery" };

let nextId = 0;
function event(
  kind: string,
  actor: ActivityActorRow,
  payload: Record<string, unknown>,
  subjectId = "pa-1",
): ActivityEventRow {
  nextId += 1;
  return {
    id: String(nextId),
    kind,
    subjectType: kind.startsWith("refund.") ? "refund" : "pending_action",
    subjectId,
    actor,
    payload,
    at: new Date(Date.UTC(2026, 11, 7, 12, 0, nextId)).toISOString(),
  };
}

const created = event("pending_action.created", AGENT, {
  status: "proposed",
  conversationId: "conv-1",
  customerId: "c-maya",
  channel: "email",
  orderId: "o-1043",
  lineIds: ["l-1"],
  reason: "damaged",
  netRefundCents: 4800,
  currency: "USD",
  quoteHash: "h",
  policyVersion: "1",
  gates: { customerConfirmation: true, staffApproval: true },
  requestedBy: "agent",
  expiresAt: "2026-12-08T12:00:00.000Z",
});
const move = (from: string, to: string) => ({ from, to });

function sentences(events: ActivityEventRow[]): string[] {
  return tellActivity(events, names).map((line) => line.sentence);
}

/**
 * A payload the registry accepts for `schema`, built from its definition: the smallest value of
 * each field, the first option of each enum, optional fields present.
 */
function samplePayload(schema: z.ZodType): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case "string":
      return "x";
    case "number":
      return 100;
    case "boolean":
      return true;
    case "array":
      return [samplePayload(def.element as z.ZodType)];
    case "object":
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [
          key,
          samplePayload(field),
        ]),
      );
    case "enum":
      return Object.values(def.entries as Record<string, string>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "optional":
    case "nullable":
      return samplePayload(def.innerType as z.ZodType);
    case "union":
      return samplePayload((def.options as z.ZodType[])[0] as z.ZodType);
    default:
      throw new Error(`no sample for a ${String(def.type)} field`);
  }
}

function sampleEvent(kind: AuditEventKind, actor: ActivityActorRow): ActivityEventRow {
  const schema = AUDIT_EVENT_KINDS[kind];
  const payload = samplePayload(schema.payload);
  expect(schema.payload.safeParse(payload).success, `${kind}'s sample must be valid`).toBe(true);
  return {
    id: kind,
    kind,
    subjectType: String(schema.subjectType.options[0]),
    subjectId: "pa-1",
    actor,
    payload,
    at: "2026-12-07T12:00:00.000Z",
  };
}

describe("tellActivity", () => {
  it("has a sentence for every registered audit kind, so a new kind cannot go untold", () => {
    expect([...KINDS_WITH_SENTENCES].sort()).toEqual(Object.keys(AUDIT_EVENT_KINDS).sort());
  });

  it.each(Object.keys(AUDIT_EVENT_KINDS) as AuditEventKind[])(
    "tells %s as a plain sentence with no raw values leaking",
    (kind) => {
      for (const actor of [AGENT, SYSTEM, MAYA, PAT]) {
        const [line] = tellActivity([sampleEvent(kind, actor)], names);
        expect(line?.sentence).toMatch(/^[A-Z$“]/);
        expect(line?.sentence).not.toMatch(/undefined|null|\[object|NaN/);
        // The generic line is for rows this build cannot read, never for a registered kind.
        expect(line?.sentence).not.toContain("recorded as");
      }
    },
  );

  it("tells a refund's story with the names and the amount of its quote", () => {
    const story = [
      created,
      event("pending_action.proposed", AGENT, {
        ...move("proposed", "awaiting_confirmation"),
        quoteHash: "h",
      }),
      event("quote.presented", SYSTEM, {
        messageId: "m-1",
        quoteHash: "h",
        again: false,
        expiresAt: "2026-12-08T12:00:00.000Z",
      }),
      event("pending_action.confirmed", MAYA, {
        ...move("awaiting_confirmation", "awaiting_approval"),
        quoteHash: "h",
        conversationId: "conv-1",
        customerId: "c-maya",
      }),
      event("pending_action.approved", PAT, {
        ...move("awaiting_approval", "approved"),
        approverId: "u-pat",
        roles: ["approver"],
        quoteHash: "h",
        netRefundCents: 4800,
      }),
      event(
        "refund.executed",
        SYSTEM,
        {
          pendingActionId: "pa-1",
          providerRefundId: "re_1",
          idempotencyKey: "k",
          orderId: "o-1043",
          customerId: "c-maya",
          lineIds: ["l-1"],
          amountCents: 4800,
          shippingCents: 0,
          currency: "USD",
          target: "Visa •4242",
          quoteHash: "h",
          provider: "stripe",
          providerStatus: "succeeded",
        },
        "rf-1",
      ),
      event("pending_action.executed", SYSTEM, {
        ...move("executing", "executed"),
        refundId: "rf-1",
        via: "execution",
      }),
    ];
    expect(sentences(story)).toEqual([
      "The agent proposed a $48.00 refund (arrived damaged)",
      "The $48.00 quote was offered",
      "The customer was shown the $48.00 quote",
      "Maya Chen confirmed the $48.00 quote",
      "Pat Approver approved the $48.00 refund",
      "Stripe refunded $48.00 to Visa •4242",
      "The $48.00 refund went through",
    ]);
  });

  it("names the staff member who confirmed for the customer", () => {
    const confirmed = event("pending_action.confirmed", AVERY, {
      ...move("awaiting_confirmation", "awaiting_approval"),
      quoteHash: "h",
      conversationId: "conv-1",
      customerId: "c-maya",
      onBehalfOfCustomerBy: "u-avery",
    });
    expect(sentences([created, confirmed])[1]).toBe(
      "Avery Agent confirmed the $48.00 quote for Maya Chen",
    );
  });

  it("tells an approval by code as automatic, and an expiry in the quote's currency", () => {
    const euros = event("pending_action.created", AGENT, {
      ...(created.payload as Record<string, unknown>),
      netRefundCents: 1250,
      currency: "EUR",
    });
    const approved = event("pending_action.approved", SYSTEM, {
      ...move("awaiting_approval", "approved"),
      approverId: "system",
      roles: [],
      quoteHash: "h",
      netRefundCents: 1250,
    });
    const expired = event("pending_action.expired", SYSTEM, {
      ...move("awaiting_confirmation", "expired"),
      expiresAt: "2026-12-08T12:00:00.000Z",
    });
    expect(sentences([euros, approved, expired]).slice(1)).toEqual([
      "The €12.50 refund was approved automatically",
      "The €12.50 quote expired",
    ]);
  });

  it("still speaks of the quote when its amount was never told", () => {
    const expired = event("pending_action.expired", SYSTEM, {
      ...move("awaiting_confirmation", "expired"),
      expiresAt: "2026-12-08T12:00:00.000Z",
    });
    expect(sentences([expired])).toEqual(["The quote expired"]);
  });

  it("keeps each refund's amount to its own quote", () => {
    const second = event(
      "pending_action.created",
      AGENT,
      { ...(created.payload as Record<string, unknown>), netRefundCents: 2000 },
      "pa-2",
    );
    const expiredFirst = event("pending_action.expired", SYSTEM, {
      ...move("awaiting_confirmation", "expired"),
      expiresAt: "2026-12-08T12:00:00.000Z",
    });
    expect(sentences([created, second, expiredFirst])[2]).toBe("The $48.00 quote expired");
  });

  it("gives a row this build cannot read a plain line naming its kind", () => {
    expect(sentences([event("ticket.teleported", PAT, {})])).toEqual([
      "Pat Approver did something this version cannot name (ticket.teleported)",
    ]);
    expect(sentences([event("pending_action.approved", PAT, { approverId: 7 })])).toEqual([
      "Pat Approver did something recorded as pending_action.approved",
    ]);
  });

  it("falls back to a role when a name is unknown", () => {
    const note = event(
      "ticket.note_added",
      { kind: "staff", id: "u-gone" },
      {
        conversationId: "conv-1",
        messageId: "m-1",
      },
    );
    expect(sentences([note])).toEqual(["A staff member added a team note"]);
  });

  it("never throws and always says something, whatever a stored row holds", () => {
    const kinds = [...Object.keys(AUDIT_EVENT_KINDS), "unknown.kind"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...kinds),
            actor: fc.constantFrom(AGENT, SYSTEM, MAYA, PAT, AVERY),
            payload: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
          }),
          { maxLength: 8 },
        ),
        (rows) => {
          const lines = tellActivity(
            rows.map((row, index) => ({
              id: String(index),
              kind: row.kind,
              subjectType: "pending_action",
              subjectId: "pa-1",
              actor: row.actor,
              payload: row.payload,
              at: "2026-12-07T12:00:00.000Z",
            })),
            names,
          );
          expect(lines).toHaveLength(rows.length);
          for (const line of lines) expect(line.sentence.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
