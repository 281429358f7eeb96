import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AUDIT_EVENT_KINDS,
  describeAuditEventReading,
  NO_UNREADABLE_EVENTS,
  readAuditEvent,
  tallyUnreadable,
} from "./audit-events";

/** Every kind ever written. Stored rows keep their kind forever, so none may leave the registry. */
const KINDS_WRITTEN_SO_FAR = [
  "pending_action.created",
  "pending_action.proposed",
  "pending_action.confirmed",
  "pending_action.declined",
  "pending_action.suspended",
  "pending_action.resumed",
  "pending_action.superseded",
  "pending_action.superseded_by_customer",
  "pending_action.cancelled",
  "pending_action.approved",
  "pending_action.rejected",
  "pending_action.expired",
  "pending_action.outdated",
  "pending_action.execution_started",
  "pending_action.executed",
  "pending_action.execution_unknown",
  "pending_action.failed",
  "pending_action.transition_refused",
  "quote.presented",
  "widget_quote.answered",
  "payment.reused",
  "sweep.dead_lettered",
  "refund.executed",
  "email.queued",
  "customer_message.sent",
  "conversation.flagged_for_person",
  "conversation.person_flag_cleared",
  "inbound_email.message_id_reused",
  "widget_session.started",
  "ticket.replied",
  "ticket.note_added",
  "ticket.taken_over",
  "ticket.handed_back",
  "ticket.assigned",
  "ticket.status_changed",
  "sla.paused",
  "sla.resumed",
  "sla.settings_changed",
  "dispute.opened",
  "dispute.acknowledged",
  "dispute.resolved",
  "run.started",
  "run.resumed",
  "run.lease_recovered",
  "run.stop_requested",
  "run.stopped",
  "run.completed",
  "run.failed",
  "setting.changed",
  "staff.invited",
  "staff.role_changed",
  "staff.deactivated",
  "staff.password_reset",
  "staff.password_set",
  "retention.pruned",
];

const move = { from: "approved", to: "executing" };

describe("the audit event registry", () => {
  it("keeps every kind ever written", () => {
    expect(Object.keys(AUDIT_EVENT_KINDS)).toEqual(expect.arrayContaining(KINDS_WRITTEN_SO_FAR));
  });

  it.each([
    [
      "pending_action.confirmed",
      "pending_action",
      { ...move, quoteHash: "h", conversationId: "c", customerId: "cus" },
    ],
    [
      "pending_action.confirmed",
      "pending_action",
      {
        ...move,
        quoteHash: "h",
        conversationId: "c",
        customerId: "cus",
        onBehalfOfCustomerBy: "staff_1",
      },
    ],
    [
      "customer_message.sent",
      "outbox_email",
      {
        conversationId: null,
        channel: "email",
        messageId: null,
        outboxEmailId: "ob_1",
        bodySha256: "ab",
        bodyLength: 2,
      },
    ],
    ["setting.changed", "setting", { key: "demoMode", oldValue: false, newValue: true }],
    [
      "retention.pruned",
      "retention",
      {
        runSteps: 1,
        closedTranscriptSteps: 0,
        realtimeEvents: 7,
        idempotencyReceipts: 2,
        cutoffs: {
          runSteps: "2026-01-01T00:00:00.000Z",
          closedTranscriptSteps: "2026-01-01T00:00:00.000Z",
          realtimeEvents: "2026-01-01T00:00:00.000Z",
          idempotencyReceipts: "2026-01-01T00:00:00.000Z",
        },
      },
    ],
  ])("reads a %s row as stored (%s) as valid", (kind, subjectType, payload) => {
    expect(readAuditEvent({ kind, subjectType, payload })).toEqual({ status: "valid" });
  });

  it("says which kind it does not know", () => {
    const reading = readAuditEvent({
      kind: "refund.clawed_back",
      subjectType: "refund",
      payload: {},
    });
    expect(reading).toEqual({ status: "unknown_kind" });
    expect(describeAuditEventReading(reading)).toBe("unknown kind");
  });

  it("does not take an inherited property name for a kind", () => {
    expect(readAuditEvent({ kind: "toString", subjectType: "x", payload: {} })).toEqual({
      status: "unknown_kind",
    });
  });

  it("names the field of a payload that does not match its kind", () => {
    const reading = readAuditEvent({
      kind: "pending_action.executed",
      subjectType: "pending_action",
      payload: { ...move, refundId: "rf_1", via: "by hand" },
    });
    expect(reading).toMatchObject({ status: "invalid", problem: expect.stringMatching(/^via: /) });
    expect(describeAuditEventReading(reading)).toMatch(/^invalid: via: /);
  });

  it("refuses a subject type that is not the kind's", () => {
    expect(
      readAuditEvent({
        kind: "staff.deactivated",
        subjectType: "conversation",
        payload: { email: "a@example.com" },
      }),
    ).toEqual({ status: "invalid", problem: 'subject type "conversation" is not this kind\'s' });
  });

  it("reads any stored value without throwing, and calls valid only what its kind's schema accepts", () => {
    const kinds = Object.keys(AUDIT_EVENT_KINDS) as (keyof typeof AUDIT_EVENT_KINDS)[];
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...kinds), fc.string()),
        fc.string(),
        fc.jsonValue(),
        (kind, subjectType, payload) => {
          const reading = readAuditEvent({ kind, subjectType, payload });
          const schema = Object.hasOwn(AUDIT_EVENT_KINDS, kind)
            ? AUDIT_EVENT_KINDS[kind as keyof typeof AUDIT_EVENT_KINDS]
            : null;
          const valid =
            schema?.subjectType.safeParse(subjectType).success === true &&
            schema.payload.safeParse(payload).success;
          expect(reading.status === "valid").toBe(valid);
        },
      ),
    );
  });
});

describe("tallyUnreadable", () => {
  const row = (position: number, kind: string) => ({
    position: BigInt(position),
    id: String(position),
    kind,
    subjectType: "staff_user",
    payload: { email: "a@example.com" },
  });

  it("counts every unreadable row across pages and names only the first ten", () => {
    const pages = [
      [row(1, "staff.deactivated"), row(2, "staff.unknown")],
      Array.from({ length: 12 }, (_, index) => row(index + 3, "staff.unknown")),
    ];
    const tally = pages.reduce(tallyUnreadable, NO_UNREADABLE_EVENTS);
    expect(tally.count).toBe(13);
    expect(tally.first.map((event) => event.position)).toEqual(
      Array.from({ length: 10 }, (_, index) => BigInt(index + 2)),
    );
    expect(tally.first[0]).toEqual({
      position: 2n,
      id: "2",
      kind: "staff.unknown",
      problem: "unknown kind",
    });
    expect(NO_UNREADABLE_EVENTS).toEqual({ count: 0, first: [] });
  });
});
