import { describe, expect, it } from "vitest";
import { emptyTestDatabase } from "@/tests/support/test-database-hooks";
import { appendAuditEvents } from "./append-audit-events";

const prisma = emptyTestDatabase();

const FREE_TEXT = 'Ünïcode ‘quotes’, a backslash \\ and a "quote"';

describe("appendAuditEvents", () => {
  it("stores every field of every event in one statement, ids in the order given", async () => {
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second, 123));
    await prisma.$transaction((tx) =>
      appendAuditEvents(tx, [
        {
          kind: "pending_action.failed",
          subjectType: "pending_action",
          subjectId: "pa_2",
          actor: { type: "customer", customerId: "cus_sam" },
          occurredAt: at(9),
          payload: { from: "executing", to: "failed", reason: FREE_TEXT, via: "execution" },
          conversationId: "conv_1",
        },
        {
          kind: "pending_action.confirmed",
          subjectType: "pending_action",
          subjectId: "pa_1",
          actor: { type: "system" },
          occurredAt: at(1),
          payload: {
            from: "awaiting_confirmation",
            to: "awaiting_approval",
            quoteHash: "q_1",
            conversationId: "conv_2",
            customerId: "cus_sam",
          },
        },
        {
          kind: "pending_action.declined",
          subjectType: "pending_action",
          subjectId: "pa_3",
          actor: { type: "agent" },
          occurredAt: at(5),
          payload: { from: "awaiting_confirmation", to: "declined" },
        },
      ]),
    );

    const rows = await prisma.auditEvent.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((row) => row.subjectId)).toEqual(["pa_2", "pa_1", "pa_3"]);
    expect(rows[0]).toMatchObject({
      actorKind: "customer",
      actorId: "cus_sam",
      conversationId: "conv_1",
      createdAt: at(9),
      payload: { reason: FREE_TEXT },
      position: null,
      hash: null,
    });
    // The conversation falls back to the payload's; system and agent actors have no id.
    expect(rows[1]).toMatchObject({ actorKind: "system", actorId: null, conversationId: "conv_2" });
    expect(rows[2]).toMatchObject({ actorKind: "agent", actorId: null, conversationId: null });
  });
});
