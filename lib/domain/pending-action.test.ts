import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildScenarioOrders } from "@/tests/data/scenario-fixtures";
import type { Actor } from "./actor";
import { evaluateRefund } from "./evaluate-refund";
import type { Gates } from "./gates";
import type { Channel } from "./order-facts";
import {
  ALLOWED_FROM,
  createPendingAction,
  describeGates,
  nextGateStep,
  PENDING_ACTION_STATUSES,
  type PendingActionEvent,
  type PendingActionEventType,
  type PendingActionState,
  type PendingActionStatus,
  type PresentedQuoteRef,
  TERMINAL_STATUSES,
  transition,
} from "./pending-action";
import { POLICY_V1 } from "./policy-v1";

const T0 = new Date("2025-03-15T12:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const orders = buildScenarioOrders(T0);

const SAM: Actor = { type: "customer", customerId: "cus_sam" };
const MALLORY: Actor = { type: "customer", customerId: "cus_mallory" };
const APPROVER: Actor = { type: "staff", userId: "usr_approver", roles: ["approver"] };
const ADMIN: Actor = { type: "staff", userId: "usr_admin", roles: ["admin"] };
const SUPPORT: Actor = { type: "staff", userId: "usr_support", roles: ["agent"] };
const AGENT: Actor = { type: "agent" };
const SYSTEM: Actor = { type: "system" };

function quoteFor(lineId: string, reason: "too_small" | "too_large", channel: Channel) {
  const decision = evaluateRefund({
    order: orders.samB2001,
    selectedLineIds: [lineId],
    reason,
    channel,
    now: T0,
    policy: POLICY_V1,
  });
  if (decision.kind !== "quote") throw new Error("fixture must quote");
  return decision;
}

const socks = quoteFor("B2001-2", "too_small", "chat");
const jacket = quoteFor("B2001-1", "too_large", "chat");
const jacketByEmail = quoteFor("B2001-1", "too_large", "email");

function create(
  options: { decision?: typeof socks; channel?: Channel; actor?: Actor; gates?: Gates } = {},
) {
  const decision = options.decision ?? socks;
  return createPendingAction({
    id: "pa_1",
    customerId: "cus_sam",
    conversationId: "conv_1",
    channel: options.channel ?? "chat",
    quote: decision.quote,
    gates: options.gates ?? decision.gates,
    now: T0,
    actor: options.actor ?? AGENT,
    policy: POLICY_V1,
  });
}

function confirmEvent(action: PendingActionState): PendingActionEvent {
  return {
    type: "customer_confirmed",
    quoteHash: action.quoteHash,
    conversationId: action.conversationId,
    customerId: action.customerId,
    presentation: {
      actionId: action.id,
      quoteHash: action.quoteHash,
      shownInThisSession: true,
      seenBeforeReply: true,
    },
  };
}

function approveEvent(action: PendingActionState, actor = APPROVER): PendingActionEvent {
  if (actor.type !== "staff") throw new Error("approver must be staff");
  return {
    type: "staff_approved",
    userId: actor.userId,
    roles: actor.roles,
    quoteHash: action.quoteHash,
  };
}

/** Applies events in order and fails the test on the first refusal. */
function run(
  action: PendingActionState,
  steps: [
    PendingActionEvent | ((current: PendingActionState) => PendingActionEvent),
    Actor,
    number,
  ][],
) {
  const kinds: string[] = [];
  let current = action;
  for (const [event, actor, minute] of steps) {
    const resolved = typeof event === "function" ? event(current) : event;
    const result = transition(current, resolved, { now: at(minute), actor });
    if (!result.ok) throw new Error(`${resolved.type} refused: ${result.error.code}`);
    kinds.push(...result.auditEvents.map((audit) => audit.kind));
    current = result.action;
  }
  return { action: current, kinds };
}

function refusal(action: PendingActionState, event: PendingActionEvent, actor: Actor, minute = 1) {
  const result = transition(action, event, { now: at(minute), actor });
  if (result.ok) throw new Error(`expected ${event.type} to be refused`);
  return result;
}

function withStatus(status: PendingActionStatus, changes: Partial<PendingActionState> = {}) {
  return { ...create().action, status, ...changes };
}

describe("createPendingAction", () => {
  it("creates a proposed action bound to its quote, with a 10-minute hold", () => {
    const { action, auditEvents } = create();
    expect(action).toMatchObject({
      id: "pa_1",
      status: "proposed",
      customerId: "cus_sam",
      conversationId: "conv_1",
      channel: "chat",
      gates: { customerConfirmation: true, staffApproval: false },
      requestedBy: "agent",
      idempotencyKey: "pa_1",
      createdAt: T0,
      expiresAt: at(10),
      confirmedAt: null,
      approvedBy: null,
    });
    expect(action.quoteHash).toMatch(/^[0-9a-f]{64}$/);
    expect(auditEvents).toEqual([
      expect.objectContaining({
        kind: "pending_action.created",
        subjectType: "pending_action",
        subjectId: "pa_1",
        actor: AGENT,
        occurredAt: T0,
        payload: expect.objectContaining({
          orderId: "ord_B2001",
          lineIds: ["B2001-2"],
          reason: "too_small",
          netRefundCents: 1260,
          quoteHash: action.quoteHash,
          policyVersion: "refund-policy/v1",
          expiresAt: "2025-03-15T12:10:00.000Z",
        }),
      }),
    ]);
  });

  it("records a staff requester by user id, and allows stricter gates", () => {
    const { action } = create({
      actor: SUPPORT,
      gates: { customerConfirmation: true, staffApproval: true },
    });
    expect(action.requestedBy).toBe("usr_support");
    expect(action.gates.staffApproval).toBe(true);
  });

  it("refuses gates looser than the policy's, a foreign quote, a bad quote and a customer proposer", () => {
    expect(() =>
      create({ decision: jacket, gates: { customerConfirmation: true, staffApproval: false } }),
    ).toThrow(/looser/);
    expect(() => create({ channel: "email", gates: socks.gates })).toThrow(/looser/);
    expect(() => createPendingAction({ ...baseInput(), customerId: "cus_maya" })).toThrow(
      /another customer/,
    );
    expect(() =>
      createPendingAction({ ...baseInput(), quote: { ...socks.quote, netRefundCents: 9999 } }),
    ).toThrow(/does not add up/);
    expect(() => create({ actor: SAM })).toThrow(/Only the agent or staff/);
    expect(() => create({ actor: SYSTEM })).toThrow(/Only the agent or staff/);
  });
});

function baseInput() {
  return {
    id: "pa_1",
    customerId: "cus_sam",
    conversationId: "conv_1",
    channel: "chat" as const,
    quote: socks.quote,
    gates: socks.gates,
    now: T0,
    actor: AGENT,
    policy: POLICY_V1,
  };
}

describe("journeys", () => {
  it("story 5: a small chat refund needs only the customer's confirmation", () => {
    const { action, kinds } = run(create().action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [confirmEvent, SAM, 2],
      [{ type: "execution_started" }, SYSTEM, 2],
      [{ type: "execution_succeeded", refundId: "rf_1" }, SYSTEM, 3],
    ]);
    expect(action).toMatchObject({
      status: "executed",
      confirmedAt: at(2),
      refundId: "rf_1",
      approvedBy: null,
    });
    expect(kinds).toEqual([
      "pending_action.proposed",
      "pending_action.confirmed",
      "pending_action.execution_started",
      "pending_action.executed",
    ]);
  });

  it("story 4: a large chat refund is confirmed, then approved, then executed", () => {
    const { action, kinds } = run(create({ decision: jacket }).action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [confirmEvent, SAM, 1],
      [(current) => approveEvent(current), APPROVER, 30],
      [{ type: "execution_started" }, SYSTEM, 30],
      [{ type: "execution_succeeded", refundId: "rf_2" }, SYSTEM, 31],
    ]);
    expect(action).toMatchObject({
      status: "executed",
      approvedBy: "usr_approver",
      approvedAt: at(30),
    });
    expect(kinds).toContain("pending_action.approved");
  });

  it("story 1: an email refund skips confirmation and waits for an approver, past the quote hold", () => {
    const created = create({ decision: jacketByEmail, channel: "email" }).action;
    const proposed = run(created, [[{ type: "proposed_to_customer" }, AGENT, 0]]).action;
    expect(proposed.status).toBe("awaiting_approval");
    expect(nextGateStep(proposed)).toBe("await_staff_approval");
    const approved = run(proposed, [
      [(current) => approveEvent(current, ADMIN), ADMIN, 240],
    ]).action;
    expect(approved.status).toBe("approved");
  });

  it("story 8: an interruption suspends; resume asks for a fresh confirmation inside the same hold", () => {
    const { action, kinds } = run(create().action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [{ type: "interrupted" }, SAM, 1],
      [{ type: "resumed" }, SAM, 9],
    ]);
    expect(action).toMatchObject({
      status: "awaiting_confirmation",
      confirmedAt: null,
      expiresAt: at(10),
    });
    expect(kinds).toEqual([
      "pending_action.proposed",
      "pending_action.suspended",
      "pending_action.resumed",
    ]);
    expect(run(action, [[confirmEvent, SAM, 9]]).action.status).toBe("approved");
    expect(refusal(action, confirmEvent(action), SAM, 10).error.code).toBe("EXPIRED");
  });

  it("story 9: a superseded action cannot be revived by anyone", () => {
    const { action } = run(create({ decision: jacket }).action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [{ type: "superseded", byActionId: "pa_2" }, SAM, 1],
    ]);
    expect(action).toMatchObject({ status: "superseded", supersededBy: "pa_2" });
    for (const event of [confirmEvent(action), { type: "resumed" } as const]) {
      expect(refusal(action, event, SAM).error.code).toBe("ILLEGAL_TRANSITION");
    }
  });

  it("story 10: a confirmation after the hold is refused and the action expires", () => {
    const proposed = run(create().action, [[{ type: "proposed_to_customer" }, AGENT, 0]]).action;
    expect(refusal(proposed, confirmEvent(proposed), SAM, 10).error.code).toBe("EXPIRED");
    expect(refusal(proposed, { type: "expired" }, SYSTEM, 9).error.code).toBe("NOT_EXPIRED");
    const expired = run(proposed, [[{ type: "expired" }, SYSTEM, 10]]);
    expect(expired.action.status).toBe("expired");
    expect(expired.kinds).toEqual(["pending_action.expired"]);
  });

  it("story 12: the second of two approvers gets ALREADY_DECIDED naming the first, and it is audited", () => {
    const waiting = run(create({ decision: jacket }).action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [confirmEvent, SAM, 1],
    ]).action;
    const first = run(waiting, [[(current) => approveEvent(current), APPROVER, 2]]).action;
    const second = refusal(first, approveEvent(first, ADMIN), ADMIN, 2);
    expect(second.error).toEqual({
      code: "ALREADY_DECIDED",
      message: "This refund was already approved by usr_approver",
    });
    expect(second.auditEvents).toEqual([
      {
        kind: "pending_action.transition_refused",
        subjectType: "pending_action",
        subjectId: "pa_1",
        actor: ADMIN,
        occurredAt: at(2),
        payload: {
          status: "approved",
          event: "staff_approved",
          code: "ALREADY_DECIDED",
          message: "This refund was already approved by usr_approver",
        },
      },
    ]);
    const rejected = run(waiting, [
      [
        { type: "staff_rejected", userId: "usr_admin", roles: ["admin"], note: "Photos show wear" },
        ADMIN,
        3,
      ],
    ]).action;
    expect(refusal(rejected, approveEvent(rejected), APPROVER).error.message).toBe(
      "This refund was already rejected by usr_admin",
    );
  });

  it("story 13: an unknown payment outcome waits for reconciliation", () => {
    const executing = run(create().action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [confirmEvent, SAM, 1],
      [{ type: "execution_started" }, SYSTEM, 1],
    ]).action;
    const unknown = run(executing, [[{ type: "execution_unknown", detail: "timeout" }, SYSTEM, 2]]);
    expect(unknown.action.status).toBe("needs_reconciliation");
    expect(nextGateStep(unknown.action)).toBe("reconcile");
    const settled = run(unknown.action, [
      [{ type: "reconciled_succeeded", refundId: "rf_9" }, SYSTEM, 5],
    ]);
    expect(settled.action).toMatchObject({ status: "executed", refundId: "rf_9" });
    expect(settled.kinds).toEqual(["pending_action.executed"]);
    const byStaff = run(unknown.action, [
      [{ type: "reconciled_failed", reason: "no refund under this key" }, APPROVER, 5],
    ]);
    expect(byStaff.action).toMatchObject({
      status: "failed",
      failureReason: "no refund under this key",
    });
    expect(run(executing, [[{ type: "execution_unknown" }, SYSTEM, 2]]).action.status).toBe(
      "needs_reconciliation",
    );
  });

  it("declines, rejections (with a trimmed note) and failures end the action", () => {
    const awaiting = run(create().action, [[{ type: "proposed_to_customer" }, AGENT, 0]]).action;
    expect(run(awaiting, [[{ type: "customer_declined" }, SAM, 1]]).action.status).toBe("declined");
    const email = run(create({ decision: jacketByEmail, channel: "email" }).action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
    ]).action;
    const rejected = run(email, [
      [
        {
          type: "staff_rejected",
          userId: "usr_approver",
          roles: ["approver"],
          note: "  Worn item  ",
        },
        APPROVER,
        5,
      ],
    ]);
    expect(rejected.action).toMatchObject({
      status: "rejected",
      rejectedBy: "usr_approver",
      rejectionNote: "Worn item",
    });
    const approved = run(awaiting, [[confirmEvent, SAM, 1]]).action;
    const failed = run(approved, [
      [{ type: "execution_failed", reason: "LINE_ALREADY_REFUNDED" }, SYSTEM, 2],
    ]);
    expect(failed.action).toMatchObject({
      status: "failed",
      failureReason: "LINE_ALREADY_REFUNDED",
    });
    expect(failed.kinds).toEqual(["pending_action.failed"]);
  });

  it("a payment put off stays approved with its reason, which the claim clears", () => {
    const awaiting = run(create().action, [[{ type: "proposed_to_customer" }, AGENT, 0]]).action;
    const approved = run(awaiting, [[confirmEvent, SAM, 1]]).action;
    expect(approved.status).toBe("approved");
    const deferred = run(approved, [
      [{ type: "execution_deferred", reason: "The store could not be read" }, SYSTEM, 2],
    ]);
    expect(deferred.action).toMatchObject({
      status: "approved",
      failureReason: "The store could not be read",
    });
    expect(deferred.kinds).toEqual(["pending_action.execution_deferred"]);
    const claimed = run(deferred.action, [[{ type: "execution_started" }, SYSTEM, 3]]);
    expect(claimed.action).toMatchObject({ status: "executing", failureReason: null });
    const blank = transition(
      approved,
      { type: "execution_deferred", reason: " " },
      { now: T0, actor: SYSTEM },
    );
    expect(blank.ok).toBe(false);
    const byStaff = transition(
      approved,
      { type: "execution_deferred", reason: "later" },
      { now: T0, actor: APPROVER },
    );
    expect(byStaff.ok).toBe(false);
  });

  it("an action whose gates are both off goes straight to approved", () => {
    const email = create({ decision: jacketByEmail, channel: "email" }).action;
    const ungated = { ...email, gates: { customerConfirmation: false, staffApproval: false } };
    expect(run(ungated, [[{ type: "proposed_to_customer" }, SYSTEM, 0]]).action.status).toBe(
      "approved",
    );
  });
});

describe("every (status, event) pair", () => {
  const validEvent = (
    type: PendingActionEventType,
    action: PendingActionState,
  ): [PendingActionEvent, Actor] => {
    switch (type) {
      case "proposed_to_customer":
        return [{ type }, AGENT];
      case "customer_confirmed":
        return [confirmEvent(action), SAM];
      case "customer_declined":
      case "interrupted":
      case "resumed":
        return [{ type }, SAM];
      case "customer_cancelled":
        return [{ type, messageId: "msg_cancel" }, SAM];
      case "superseded":
        return [{ type, byActionId: "pa_2" }, SAM];
      case "superseded_by_customer":
        return [{ type, messageId: "msg_replace" }, SAM];
      case "staff_approved":
        return [approveEvent(action), APPROVER];
      case "staff_rejected":
        return [{ type, userId: "usr_approver", roles: ["approver"], note: "No" }, APPROVER];
      case "expired":
      case "execution_started":
      case "execution_unknown":
        return [{ type }, SYSTEM];
      case "outdated":
        return [{ type, reasons: ["Wool socks has already been refunded."] }, SYSTEM];
      case "execution_succeeded":
      case "reconciled_succeeded":
        return [{ type, refundId: "rf_1" }, SYSTEM];
      case "execution_failed":
      case "reconciled_failed":
        return [{ type, reason: "declined by bank" }, SYSTEM];
      case "execution_deferred":
        return [{ type, reason: "The store could not be read" }, SYSTEM];
    }
  };
  const expectedTo: Partial<Record<PendingActionEventType, PendingActionStatus>> = {
    customer_declined: "declined",
    customer_cancelled: "declined",
    interrupted: "suspended",
    resumed: "awaiting_confirmation",
    superseded: "superseded",
    superseded_by_customer: "superseded",
    staff_approved: "approved",
    staff_rejected: "rejected",
    expired: "expired",
    outdated: "expired",
    execution_deferred: "approved",
    execution_started: "executing",
    execution_succeeded: "executed",
    execution_unknown: "needs_reconciliation",
    execution_failed: "failed",
    reconciled_succeeded: "executed",
    reconciled_failed: "failed",
  };
  // The specification, written out independently of ALLOWED_FROM so that a change there fails here.
  const LEGAL: Record<PendingActionEventType, PendingActionStatus[]> = {
    proposed_to_customer: ["proposed"],
    customer_confirmed: ["awaiting_confirmation"],
    customer_declined: ["awaiting_confirmation", "suspended"],
    customer_cancelled: ["awaiting_approval", "approved"],
    interrupted: ["awaiting_confirmation"],
    resumed: ["suspended"],
    superseded: ["proposed", "awaiting_confirmation", "suspended", "awaiting_approval"],
    superseded_by_customer: ["proposed", "awaiting_confirmation", "suspended"],
    staff_approved: ["awaiting_approval"],
    staff_rejected: ["awaiting_approval"],
    expired: ["proposed", "awaiting_confirmation", "suspended"],
    outdated: ["awaiting_confirmation", "suspended"],
    execution_deferred: ["approved"],
    execution_started: ["approved"],
    execution_succeeded: ["executing"],
    execution_unknown: ["executing"],
    execution_failed: ["approved", "executing"],
    reconciled_succeeded: ["needs_reconciliation"],
    reconciled_failed: ["needs_reconciliation"],
  };
  const pairs = PENDING_ACTION_STATUSES.flatMap((status) =>
    (Object.keys(LEGAL) as PendingActionEventType[]).map((type) => ({ status, type })),
  );

  it.each(pairs)("$type from $status", ({ status, type }) => {
    const action = withStatus(status, {
      gates: { customerConfirmation: true, staffApproval: true },
    });
    const [event, actor] = validEvent(type, action);
    const minute = type === "expired" ? 10 : 1;
    const result = transition(action, event, { now: at(minute), actor });
    const legal = LEGAL[type].includes(status);
    expect(result.ok).toBe(legal);
    if (result.ok) {
      const to =
        expectedTo[type] ??
        (type === "customer_confirmed" ? "awaiting_approval" : "awaiting_confirmation");
      expect(result.action.status).toBe(to);
      expect(result.action.updatedAt).toEqual(at(minute));
      expect(result.auditEvents[0]?.payload).toMatchObject({ from: status, to });
    } else {
      expect(result.error.code).toBe("ILLEGAL_TRANSITION");
    }
  });

  it("covers every event type", () => {
    expect(Object.keys(ALLOWED_FROM).sort()).toEqual(Object.keys(LEGAL).sort());
  });

  it("lists no terminal status as a source", () => {
    for (const sources of Object.values(ALLOWED_FROM)) {
      for (const terminal of TERMINAL_STATUSES) expect(sources).not.toContain(terminal);
    }
  });
});

describe("guards", () => {
  const awaiting = () =>
    run(create({ decision: jacket }).action, [[{ type: "proposed_to_customer" }, AGENT, 0]]).action;
  const queued = () => run(awaiting(), [[confirmEvent, SAM, 1]]).action;

  it("binds a confirmation to the quote hash, the conversation and the customer", () => {
    const action = awaiting();
    const cases: [PendingActionEvent, Actor, string][] = [
      [
        { ...confirmEvent(action), quoteHash: "0".repeat(64) } as PendingActionEvent,
        SAM,
        "QUOTE_HASH_MISMATCH",
      ],
      [
        { ...confirmEvent(action), conversationId: "conv_2" } as PendingActionEvent,
        SAM,
        "WRONG_CONVERSATION",
      ],
      [
        { ...confirmEvent(action), customerId: "cus_mallory" } as PendingActionEvent,
        SAM,
        "WRONG_CUSTOMER",
      ],
      [confirmEvent(action), MALLORY, "WRONG_CUSTOMER"],
      [confirmEvent(action), AGENT, "ACTOR_NOT_ALLOWED"],
      [confirmEvent(action), APPROVER, "ACTOR_NOT_ALLOWED"],
    ];
    for (const [event, actor, code] of cases)
      expect(refusal(action, event, actor).error.code).toBe(code);
  });

  it("lets only the customer decline, pause or resume, and never the agent propose to itself as customer", () => {
    const action = awaiting();
    expect(refusal(action, { type: "customer_declined" }, AGENT).error.code).toBe(
      "ACTOR_NOT_ALLOWED",
    );
    expect(refusal(action, { type: "interrupted" }, MALLORY).error.code).toBe("WRONG_CUSTOMER");
    expect(refusal(create().action, { type: "proposed_to_customer" }, SAM).error.code).toBe(
      "ACTOR_NOT_ALLOWED",
    );
  });

  it("refuses approval by the agent role, by a non-staff actor, or on someone else's behalf", () => {
    const action = queued();
    expect(refusal(action, approveEvent(action, SUPPORT), SUPPORT).error.code).toBe("NOT_APPROVER");
    expect(refusal(action, approveEvent(action), AGENT).error.code).toBe("NOT_APPROVER");
    expect(refusal(action, approveEvent(action), SYSTEM).error.code).toBe("NOT_APPROVER");
    expect(refusal(action, approveEvent(action, ADMIN), APPROVER).error.code).toBe("NOT_APPROVER");
    const rejectAsAgent: PendingActionEvent = {
      type: "staff_rejected",
      userId: "usr_support",
      roles: ["agent"],
      note: "no",
    };
    expect(refusal(action, rejectAsAgent, SUPPORT).error.code).toBe("NOT_APPROVER");
  });

  it("refuses self-approval of an action a staff member requested", () => {
    const requester: Actor = { type: "staff", userId: "usr_approver", roles: ["approver"] };
    const own = run(create({ decision: jacket, actor: requester }).action, [
      [{ type: "proposed_to_customer" }, requester, 0],
      [confirmEvent, SAM, 1],
    ]).action;
    expect(refusal(own, approveEvent(own), requester).error.code).toBe("SELF_APPROVAL");
    const reject: PendingActionEvent = {
      type: "staff_rejected",
      userId: "usr_approver",
      roles: ["approver"],
      note: "x",
    };
    expect(refusal(own, reject, requester).error.code).toBe("SELF_APPROVAL");
    expect(run(own, [[(current) => approveEvent(current, ADMIN), ADMIN, 2]]).action.status).toBe(
      "approved",
    );
  });

  it("binds an approval to the quote hash and needs a note to reject", () => {
    const action = queued();
    expect(
      refusal(
        action,
        { ...approveEvent(action), quoteHash: "f".repeat(64) } as PendingActionEvent,
        APPROVER,
      ).error.code,
    ).toBe("QUOTE_HASH_MISMATCH");
    const blank: PendingActionEvent = {
      type: "staff_rejected",
      userId: "usr_approver",
      roles: ["approver"],
      note: "   ",
    };
    expect(refusal(action, blank, APPROVER).error.code).toBe("NOTE_REQUIRED");
  });

  it("enforces the hold on everything the customer does before confirming", () => {
    const created = create().action;
    expect(refusal(created, { type: "proposed_to_customer" }, AGENT, 10).error.code).toBe(
      "EXPIRED",
    );
    const action = awaiting();
    expect(refusal(action, { type: "interrupted" }, SAM, 10).error.code).toBe("EXPIRED");
    const suspended = run(action, [[{ type: "interrupted" }, SAM, 1]]).action;
    // Pausing buys no time: the hold still ends 10 minutes after the quote was first shown.
    expect(refusal(suspended, { type: "resumed" }, SAM, 11).error.code).toBe("EXPIRED");
    expect(refusal(suspended, { type: "resumed" }, SAM, 10).error.code).toBe("EXPIRED");
    expect(run(suspended, [[{ type: "resumed" }, SAM, 9]]).action.expiresAt).toEqual(at(10));
    expect(run(suspended, [[{ type: "customer_declined" }, SAM, 20]]).action.status).toBe(
      "declined",
    );
  });

  it("does not expire an action once the customer has confirmed it", () => {
    expect(refusal(queued(), { type: "expired" }, SYSTEM, 60).error.code).toBe(
      "ILLEGAL_TRANSITION",
    );
  });

  it("leaves execution reports to the server and reconciliation to the server or an approver", () => {
    const approved = run(create().action, [
      [{ type: "proposed_to_customer" }, AGENT, 0],
      [confirmEvent, SAM, 1],
    ]).action;
    expect(refusal(approved, { type: "execution_started" }, AGENT).error.code).toBe(
      "ACTOR_NOT_ALLOWED",
    );
    expect(refusal(approved, { type: "execution_started" }, ADMIN).error.code).toBe(
      "ACTOR_NOT_ALLOWED",
    );
    const unknown = withStatus("needs_reconciliation");
    expect(
      refusal(unknown, { type: "reconciled_succeeded", refundId: "rf" }, SUPPORT).error.code,
    ).toBe("ACTOR_NOT_ALLOWED");
    expect(refusal(unknown, { type: "reconciled_succeeded", refundId: "rf" }, SAM).error.code).toBe(
      "ACTOR_NOT_ALLOWED",
    );
  });

  it("lets a customer supersede only their own request", () => {
    expect(
      refusal(awaiting(), { type: "superseded", byActionId: "pa_2" }, MALLORY).error.code,
    ).toBe("WRONG_CUSTOMER");
    expect(
      run(awaiting(), [[{ type: "superseded", byActionId: "pa_2" }, AGENT, 1]]).action.status,
    ).toBe("superseded");
  });

  it("refuses an action superseding itself", () => {
    expect(refusal(awaiting(), { type: "superseded", byActionId: "pa_1" }, SAM).error.code).toBe(
      "INVALID_EVENT",
    );
    expect(refusal(awaiting(), { type: "superseded", byActionId: " " }, SAM).error.code).toBe(
      "INVALID_EVENT",
    );
  });
});

describe("nextGateStep and describeGates", () => {
  it.each([
    ["proposed", "propose_to_customer"],
    ["awaiting_confirmation", "await_customer_confirmation"],
    ["suspended", "await_customer_resume"],
    ["awaiting_approval", "await_staff_approval"],
    ["approved", "execute"],
    ["executing", "await_execution_result"],
    ["needs_reconciliation", "reconcile"],
    ...TERMINAL_STATUSES.map((status) => [status, "none"]),
  ] as [PendingActionStatus, string][])("%s → %s", (status, step) => {
    expect(nextGateStep({ status })).toBe(step);
  });

  it("reports each gate as not required, pending or met", () => {
    const gates = { customerConfirmation: true, staffApproval: true };
    expect(describeGates({ gates, confirmedAt: null, approvedBy: null })).toEqual({
      customerConfirmation: "pending",
      staffApproval: "pending",
    });
    expect(
      describeGates({
        gates: { customerConfirmation: false, staffApproval: true },
        confirmedAt: null,
        approvedBy: "usr",
      }),
    ).toEqual({
      customerConfirmation: "not_required",
      staffApproval: "met",
    });
    expect(describeGates({ gates, confirmedAt: T0, approvedBy: null }).customerConfirmation).toBe(
      "met",
    );
  });
});

describe("state machine properties", () => {
  const actorArb = fc.constantFrom<Actor>(SAM, MALLORY, APPROVER, ADMIN, SUPPORT, AGENT, SYSTEM, {
    type: "staff",
    userId: "usr_support",
    roles: ["approver"],
  });
  const shown = (hash: string): PresentedQuoteRef => ({
    actionId: "pa_1",
    quoteHash: hash,
    shownInThisSession: true,
    seenBeforeReply: true,
  });
  const eventsFor = (hash: string): PendingActionEvent[] => [
    { type: "proposed_to_customer" },
    {
      type: "customer_confirmed",
      quoteHash: hash,
      conversationId: "conv_1",
      customerId: "cus_sam",
      presentation: shown(hash),
    },
    {
      type: "customer_confirmed",
      quoteHash: "0".repeat(64),
      conversationId: "conv_1",
      customerId: "cus_sam",
      presentation: shown(hash),
    },
    {
      type: "customer_confirmed",
      quoteHash: hash,
      conversationId: "conv_9",
      customerId: "cus_sam",
      presentation: shown(hash),
    },
    // The right quote, but never shown, shown for another action, or in an ended session.
    {
      type: "customer_confirmed",
      quoteHash: hash,
      conversationId: "conv_1",
      customerId: "cus_sam",
      presentation: null,
    },
    {
      type: "customer_confirmed",
      quoteHash: hash,
      conversationId: "conv_1",
      customerId: "cus_sam",
      presentation: { ...shown(hash), actionId: "pa_2" },
    },
    {
      type: "customer_confirmed",
      quoteHash: hash,
      conversationId: "conv_1",
      customerId: "cus_sam",
      presentation: { ...shown(hash), shownInThisSession: false },
    },
    { type: "customer_declined" },
    { type: "customer_cancelled", messageId: "msg_cancel" },
    { type: "interrupted" },
    { type: "resumed" },
    { type: "superseded", byActionId: "pa_2" },
    { type: "superseded_by_customer", messageId: "msg_replace" },
    { type: "staff_approved", userId: "usr_approver", roles: ["approver"], quoteHash: hash },
    { type: "staff_approved", userId: "usr_admin", roles: ["admin"], quoteHash: hash },
    { type: "staff_approved", userId: "usr_support", roles: ["agent"], quoteHash: hash },
    { type: "staff_approved", userId: "usr_support", roles: ["approver"], quoteHash: hash },
    { type: "staff_rejected", userId: "usr_approver", roles: ["approver"], note: "no" },
    { type: "expired" },
    { type: "outdated", reasons: ["Wool socks has already been refunded."] },
    { type: "execution_started" },
    { type: "execution_succeeded", refundId: "rf_1" },
    { type: "execution_unknown" },
    { type: "execution_failed", reason: "x" },
    { type: "reconciled_succeeded", refundId: "rf_1" },
    { type: "reconciled_failed", reason: "x" },
  ];
  const EVENT_COUNT = eventsFor("").length;
  /** Who would normally send an event; random steps use it half the time so events can land. */
  const naturalActor = (event: PendingActionEvent): Actor => {
    switch (event.type) {
      case "customer_confirmed":
      case "customer_declined":
      case "interrupted":
      case "resumed":
      case "superseded":
        return SAM;
      case "staff_approved":
      case "staff_rejected":
        return { type: "staff", userId: event.userId, roles: event.roles };
      case "proposed_to_customer":
        return AGENT;
      default:
        return SYSTEM;
    }
  };
  /** The legitimate next move, so that random runs also get far enough to reach `executed`. */
  const guidedMove = (action: PendingActionState): [PendingActionEvent, Actor] | null => {
    switch (action.status) {
      case "proposed":
        return [{ type: "proposed_to_customer" }, AGENT];
      case "awaiting_confirmation":
        return [confirmEvent(action), SAM];
      case "suspended":
        return [{ type: "resumed" }, SAM];
      case "awaiting_approval":
        return [approveEvent(action), APPROVER];
      case "approved":
        return [{ type: "execution_started" }, SYSTEM];
      case "executing":
        return [{ type: "execution_succeeded", refundId: "rf_1" }, SYSTEM];
      case "needs_reconciliation":
        return [{ type: "reconciled_succeeded", refundId: "rf_1" }, SYSTEM];
      default:
        return null;
    }
  };
  const setupArb = fc.record({
    decision: fc.constantFrom(socks, jacket, jacketByEmail),
    requester: fc.constantFrom<Actor>(AGENT, SUPPORT),
  });

  it("reaches executed only through every required gate, and never leaves a terminal state", () => {
    let executedRuns = 0;
    fc.assert(
      fc.property(
        setupArb,
        fc.array(
          fc.tuple(
            fc.nat({ max: 6 }),
            actorArb,
            fc.nat({ max: EVENT_COUNT - 1 }),
            fc.constantFrom("guided", "natural", "random"),
          ),
          { maxLength: 40 },
        ),
        ({ decision, requester }, steps) => {
          const channel = decision === jacketByEmail ? "email" : "chat";
          let action = create({ decision, channel, actor: requester }).action;
          const events = eventsFor(action.quoteHash);
          let minute = 0;
          let confirmedBy: string | null = null;
          let approver: Actor | null = null;
          for (const [delay, randomActor, index, mode] of steps) {
            minute += delay;
            const randomEvent = events[index] as PendingActionEvent;
            const [event, actor] = (mode === "guided" && guidedMove(action)) || [
              randomEvent,
              mode === "natural" ? naturalActor(randomEvent) : randomActor,
            ];
            const before = action;
            const result = transition(action, event, { now: at(minute), actor });
            if (TERMINAL_STATUSES.includes(before.status as (typeof TERMINAL_STATUSES)[number])) {
              expect(result.ok).toBe(false);
            }
            if (!result.ok) continue;
            action = result.action;
            expect(action.quoteHash).toBe(before.quoteHash);
            if (event.type === "customer_confirmed")
              confirmedBy = actor.type === "customer" ? actor.customerId : "?";
            if (event.type === "resumed") confirmedBy = null;
            if (event.type === "staff_approved") approver = actor;
            if (action.status === "executed") {
              executedRuns += 1;
              if (action.gates.customerConfirmation) expect(confirmedBy).toBe("cus_sam");
              if (action.gates.staffApproval) {
                expect(approver?.type).toBe("staff");
                if (approver?.type === "staff") {
                  expect(approver.userId).not.toBe(action.requestedBy);
                  expect(
                    approver.roles.some((role) => role === "approver" || role === "admin"),
                  ).toBe(true);
                }
              }
            }
          }
        },
      ),
      { numRuns: 2_000 },
    );
    // The generator must actually reach `executed`, or the property above proves nothing.
    expect(executedRuns).toBeGreaterThan(0);
  });

  it("refuses every event from every terminal status, whoever sends it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TERMINAL_STATUSES),
        actorArb,
        fc.nat({ max: EVENT_COUNT - 1 }),
        fc.nat({ max: 100 }),
        (status, actor, index, minute) => {
          const action = withStatus(status);
          const event = eventsFor(action.quoteHash)[index] as PendingActionEvent;
          const result = transition(action, event, { now: at(minute), actor });
          expect(result.ok).toBe(false);
        },
      ),
    );
  });
});
