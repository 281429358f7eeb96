import { beforeEach, describe, expect, it } from "vitest";
import {
  createLedgerPaymentProvider,
  type SimulatedOutcome,
} from "@/lib/integrations/payments/ledger/ledger-payment-provider";
import type { PaymentProvider } from "@/lib/integrations/payments/payment-provider";
import { approveAction } from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { expireStaleActions } from "@/lib/server/services/pending-actions/expire-stale-actions";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import {
  NEVER_MADE_REASON,
  reconcilePayments,
} from "@/lib/server/services/pending-actions/reconcile-payments";
import { sweepPendingActions } from "@/lib/server/services/pending-actions/sweep-pending-actions";
import { resetAndSeed } from "@/tests/db/test-database";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { DEAD_LETTER_AFTER } from "./sweep-dead-letters";

const prisma = testDatabaseClient();

const MINUTE = 60_000;
let now: Date;

beforeEach(async () => {
  now = await resetAndSeed(prisma);
});

const at = (minutesLater: number) => new Date(now.getTime() + minutesLater * MINUTE);

function ledger(simulate?: () => SimulatedOutcome): PaymentProvider {
  return createLedgerPaymentProvider({ db: prisma, simulate });
}

function context(when: Date = now, payments: PaymentProvider = ledger()) {
  return testUseCaseContext({ db: prisma, now: fixedClock(when), payments, faultPoint: () => {} });
}

async function staffId(role: "approver" | "admin"): Promise<string> {
  return (await prisma.staffUser.findFirstOrThrow({ where: { role } })).id;
}

// A quote on one line of Maya's order A1043: the agent's awaits her confirmation; staff's (who
// may open duplicates) goes to approval.
async function quote(position: number, by: "agent" | "staff" = "agent") {
  const customer = await prisma.customer.findFirstOrThrow({
    where: { email: "maya@example.com" },
  });
  const order = await prisma.order.findFirstOrThrow({ where: { number: "A1043" } });
  const line = await prisma.orderLine.findFirstOrThrow({ where: { orderId: order.id, position } });
  const conversation = await prisma.conversation.create({
    data: {
      channel: by === "agent" ? "chat" : "email",
      customerId: customer.id,
      orderId: order.id,
      subject: "A1043",
    },
  });
  const result = await proposeRefund(
    {
      conversationId: conversation.id,
      customerId: customer.id,
      orderId: order.id,
      lineIds: [line.id],
      reason: "damaged",
      requestedBy:
        by === "agent"
          ? { type: "agent" }
          : { type: "staff", userId: await staffId("admin"), roles: ["approver"] },
    },
    context(),
  );
  if (result.kind !== "proposed") throw new Error(`expected a quote, got ${result.kind}`);
  return result.action;
}

async function approvedQuote(position: number) {
  const action = await quote(position, "staff");
  await approveAction({ actionId: action.id, deciderId: await staffId("approver") }, context());
  return action;
}

describe("poison rows", () => {
  it("a quote whose stored snapshot no longer parses is counted, then dead-lettered and audited, and never stops the sweep", async () => {
    const poison = await quote(0);
    const healthy = await quote(1);
    await prisma.$executeRaw`UPDATE pending_actions SET quote = '{"broken": true}'::jsonb WHERE id = ${poison.id}`;

    const first = await sweepPendingActions({}, context(at(60)));
    expect(first.expired).toEqual([healthy.id]);
    expect(first.sweepFailures).toEqual([
      { subjectId: poison.id, attempts: 1, deadLettered: false },
    ]);

    for (let pass = 2; pass <= DEAD_LETTER_AFTER; pass += 1) {
      await expireStaleActions({}, context(at(60)));
    }
    const letter = await prisma.sweepDeadLetter.findFirstOrThrow({
      where: { subjectId: poison.id },
    });
    expect(letter).toMatchObject({ sweep: "expire_stale_actions", attempts: DEAD_LETTER_AFTER });
    expect(letter.deadAt).not.toBeNull();
    const audited = await prisma.auditEvent.findMany({
      where: { kind: "sweep.dead_lettered", subjectId: poison.id },
    });
    expect(audited).toHaveLength(1);
    expect(audited[0]?.payload).toMatchObject({ sweep: "expire_stale_actions" });

    // Passed by from now on: no further attempt, no further count.
    expect(await expireStaleActions({}, context(at(61)))).toEqual({
      expired: [],
      sweepFailures: [],
    });
    expect(
      (await prisma.sweepDeadLetter.findFirstOrThrow({ where: { subjectId: poison.id } })).attempts,
    ).toBe(DEAD_LETTER_AFTER);
  });

  it("a row that fails once and then succeeds leaves no count behind", async () => {
    const flaky = await quote(0);
    const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: flaky.id } });
    await prisma.$executeRaw`UPDATE pending_actions SET quote = '{"broken": true}'::jsonb WHERE id = ${flaky.id}`;
    expect((await expireStaleActions({}, context(at(60)))).sweepFailures).toHaveLength(1);
    await prisma.pendingAction.update({
      where: { id: flaky.id },
      data: { quote: stored.quote as object },
    });
    expect(await expireStaleActions({}, context(at(60)))).toEqual({
      expired: [flaky.id],
      sweepFailures: [],
    });
    expect(await prisma.sweepDeadLetter.count()).toBe(0);
  });
});

describe("fair batches", () => {
  it("unresolved unknown outcomes filling a batch cannot starve an approved refund left by a crash", async () => {
    const unknown = [await approvedQuote(0), await approvedQuote(0)];
    const leftByCrash = await approvedQuote(1);
    // Older unknown outcomes (nothing at the provider under their keys) than the approved refund.
    await prisma.$executeRaw`
      UPDATE pending_actions SET status = 'needs_reconciliation', updated_at = now() - interval '5 minutes'
       WHERE id IN (${unknown[0]?.id}, ${unknown[1]?.id})`;

    const report = await reconcilePayments({ limit: unknown.length }, context(at(5)));

    expect(report.executed).toEqual([leftByCrash.id]);
    expect([...report.unresolved].sort()).toEqual(unknown.map((action) => action.id).sort());
    expect(await prisma.refund.count()).toBe(1);
  });
});

describe("reconciliation", () => {
  async function lostRequest() {
    const action = await approvedQuote(0);
    const result = await executePendingAction(
      { actionId: action.id },
      context(
        now,
        ledger(() => "timeout_before_processing"),
      ),
    );
    expect(result.status).toBe("needs_reconciliation");
    return action;
  }

  it("'no such refund' from the provider releases the lines after the settle window, audited", async () => {
    const action = await lostRequest();
    expect((await reconcilePayments({}, context(at(5)))).unresolved).toEqual([action.id]);
    // Its line counts as in flight, so the agent cannot quote it again yet.
    await expect(quote(0)).rejects.toThrow("expected a quote");

    const report = await reconcilePayments({}, context(at(20)));

    expect(report.failed).toEqual([action.id]);
    expect(
      await prisma.pendingAction.findUniqueOrThrow({ where: { id: action.id } }),
    ).toMatchObject({ status: "failed", failureReason: NEVER_MADE_REASON });
    const failed = await prisma.auditEvent.findFirstOrThrow({
      where: { subjectId: action.id, kind: "pending_action.failed" },
    });
    expect(failed.payload).toMatchObject({ via: "reconciliation", reason: NEVER_MADE_REASON });
    expect(await prisma.refund.count()).toBe(0);
    await expect(quote(0)).resolves.toMatchObject({ status: "awaiting_confirmation" });
  });

  it("an unreachable provider keeps the action waiting, without counting it towards a dead letter", async () => {
    const action = await lostRequest();
    const unreachable: PaymentProvider = {
      ...ledger(),
      findRefund: () => Promise.reject(new Error("connect ECONNREFUSED")),
    };
    for (let pass = 0; pass <= DEAD_LETTER_AFTER; pass += 1) {
      const report = await reconcilePayments({}, context(at(30 + pass), unreachable));
      expect(report).toMatchObject({ unresolved: [action.id], errors: [], sweepFailures: [] });
    }
    expect(
      await prisma.pendingAction.findUniqueOrThrow({ where: { id: action.id } }),
    ).toMatchObject({ status: "needs_reconciliation" });
    expect(await prisma.sweepDeadLetter.count()).toBe(0);
  });

  it("an exception of ours during execution is not an unknown outcome: the sweep repeats the call under the same key", async () => {
    const action = await approvedQuote(0);
    const broken: PaymentProvider = {
      ...ledger(),
      createRefund: () => Promise.reject(new TypeError("Cannot read properties of undefined")),
    };
    await expect(
      executePendingAction({ actionId: action.id }, context(now, broken)),
    ).rejects.toThrow(TypeError);
    expect(
      await prisma.pendingAction.findUniqueOrThrow({ where: { id: action.id } }),
    ).toMatchObject({ status: "executing" });

    const report = await reconcilePayments({}, context(at(3)));

    expect(report.executed).toEqual([action.id]);
    expect(await prisma.refund.count()).toBe(1);
    expect(
      await prisma.auditEvent.count({
        where: { subjectId: action.id, kind: "pending_action.execution_unknown" },
      }),
    ).toBe(0);
  });
});
