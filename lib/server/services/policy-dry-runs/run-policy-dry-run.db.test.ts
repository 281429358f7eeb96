import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/domain/actor";
import { hashPolicyDocument, type PolicyDocument } from "@/lib/domain/policy-document";
import type { RefundReason } from "@/lib/domain/policy-reasons";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { latestPolicyDryRun, runPolicyDryRun } from "./run-policy-dry-run";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const DAY_MS = 24 * 60 * 60 * 1000;

async function admin(): Promise<Extract<Actor, { type: "staff" }>> {
  const staff = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
  return { type: "staff", userId: staff.id, roles: ["admin"] };
}

async function demoWorkspaceId(): Promise<string> {
  return (await prisma.workspace.findFirstOrThrow({ where: { key: "demo-shop" } })).id;
}

async function saveDraft(
  workspaceId: string,
  edit: (document: PolicyDocument) => PolicyDocument,
): Promise<PolicyDocument> {
  const document = edit(structuredClone(POLICY_V1.document));
  await prisma.policyVersion.create({
    data: { workspaceId, status: "draft", document, basedOn: POLICY_V1.version },
  });
  return document;
}

/** A staff member's request on the customer's behalf, through the real proposal. */
async function propose(
  db: PrismaClient,
  request: {
    email: string;
    orderNumber: string;
    positions: readonly number[];
    reason: RefundReason;
    channel: "chat" | "email";
  },
): Promise<{ actionId: string; conversationId: string }> {
  const customer = await db.customer.findFirstOrThrow({ where: { email: request.email } });
  const order = await db.order.findFirstOrThrow({
    where: { number: request.orderNumber, customerId: customer.id },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  const conversation = await db.conversation.create({
    data: {
      channel: request.channel,
      customerId: customer.id,
      orderId: order.id,
      subject: "Refund",
    },
  });
  const proposed = await proposeRefund(
    {
      conversationId: conversation.id,
      customerId: customer.id,
      orderId: order.id,
      lineIds: request.positions.map((position) => order.lines[position - 1]?.id ?? ""),
      reason: request.reason,
      requestedBy: await admin(),
    },
    testUseCaseContext({ db }),
  );
  if (proposed.kind !== "proposed") throw new Error(`expected a quote, got ${proposed.kind}`);
  return { actionId: proposed.action.id, conversationId: conversation.id };
}

const earbuds = {
  email: "sam@example.com",
  orderNumber: "B2002",
  positions: [1],
  reason: "no_longer_needed",
  channel: "chat",
} as const;
const jacket = { ...earbuds, orderNumber: "B2001", positions: [1], reason: "too_large" } as const;
const socks = { ...earbuds, orderNumber: "B2001", positions: [2], reason: "too_small" } as const;

const shorterElectronicsWindow = (document: PolicyDocument): PolicyDocument => ({
  ...document,
  categories: document.categories.map((category) =>
    category.name === "electronics" ? { ...category, windowDays: 7 } : category,
  ),
});

describe("runPolicyDryRun", () => {
  it("flips a stored electronics request from quote to deny when the draft shortens the window", async () => {
    const workspaceId = await demoWorkspaceId();
    const { actionId, conversationId } = await propose(prisma, earbuds);
    const stored = await prisma.pendingAction.findUniqueOrThrow({ where: { id: actionId } });
    expect(stored.orderFacts).toMatchObject({
      orderNumber: "B2002",
      deliveredAt: expect.any(String),
    });
    await saveDraft(workspaceId, shorterElectronicsWindow);

    const report = await runPolicyDryRun({ workspaceId, actor: await admin() }, context);

    const change = report.changes.find((entry) => entry.ref === actionId);
    expect(change).toMatchObject({
      source: "request",
      conversationId,
      label: "Order B2002 · Wireless earbuds · no longer needed",
      before: { decision: "quote", netRefundCents: 10965, needsApprover: true },
      after: { decision: "deny" },
    });
    // The opened-electronics story flips with it.
    expect(report.changes.map((entry) => entry.ref).sort()).toEqual(
      [actionId, "opened-electronics"].sort(),
    );
    expect(report.summary).toEqual({
      requests: 1,
      stories: 6,
      decisionsFlipped: 2,
      amountsMoved: 0,
      moreNeedingApprover: -2,
      moneyDifference: [{ currency: "USD", cents: -10965 }],
    });
    expect(report).toMatchObject({ comparedWith: POLICY_V1.version, lookbackDays: 30 });
  });

  it("counts fewer requests needing an approver when the draft raises the auto-approve limit", async () => {
    const workspaceId = await demoWorkspaceId();
    const { actionId } = await propose(prisma, jacket);
    await propose(prisma, socks);
    await saveDraft(workspaceId, (document) => ({
      ...document,
      approval: { ...document.approval, autoApproveLimitCents: 10_000 },
    }));

    const report = await runPolicyDryRun({ workspaceId, actor: await admin() }, context);

    expect(report.changes.find((entry) => entry.source === "request")).toMatchObject({
      ref: actionId,
      before: { decision: "quote", netRefundCents: 8010, needsApprover: true },
      after: { decision: "quote", netRefundCents: 8010, needsApprover: false },
    });
    // The jacket request and the too-big story no longer need a person; the earbuds' $109.65 still does.
    expect(report.summary.moreNeedingApprover).toBe(-2);
    expect(report.summary.requests).toBe(2);
    expect(report.summary.moneyDifference).toEqual([{ currency: "USD", cents: 0 }]);
  });

  it("stores the run and its audit event together, and latestPolicyDryRun reads it back", async () => {
    const workspaceId = await demoWorkspaceId();
    await propose(prisma, earbuds);
    const document = await saveDraft(workspaceId, shorterElectronicsWindow);
    const actor = await admin();

    const report = await runPolicyDryRun({ workspaceId, actor, lookbackDays: 7 }, context);

    const row = await prisma.policyDryRun.findUniqueOrThrow({ where: { id: report.id } });
    expect(row).toMatchObject({
      workspaceId,
      documentHash: hashPolicyDocument(document),
      comparedWith: POLICY_V1.version,
      lookbackDays: 7,
      ranById: actor.userId,
      summary: report.summary,
    });
    const events = await prisma.auditEvent.findMany({
      where: { kind: "policy.dry_run_completed", subjectId: report.id },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorKind: "staff",
      actorId: actor.userId,
      subjectType: "policy_dry_run",
    });
    expect(events[0]?.payload).toMatchObject({
      workspaceId,
      documentHash: row.documentHash,
      lookbackDays: 7,
      summary: report.summary,
    });
    expect(await latestPolicyDryRun(workspaceId, context)).toEqual(report);
  });

  it("keeps no run when its audit event cannot be written", async () => {
    const workspaceId = await demoWorkspaceId();
    await saveDraft(workspaceId, shorterElectronicsWindow);
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_audit_events() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit events are refused for this test'; END $$`);
    await prisma.$executeRawUnsafe(`
      CREATE TRIGGER refuse_audit_events BEFORE INSERT ON audit_events
      FOR EACH ROW EXECUTE FUNCTION refuse_audit_events()`);
    try {
      await expect(runPolicyDryRun({ workspaceId, actor: await admin() }, context)).rejects.toThrow(
        /audit events are refused/,
      );
    } finally {
      await prisma.$executeRawUnsafe("DROP TRIGGER refuse_audit_events ON audit_events");
      await prisma.$executeRawUnsafe("DROP FUNCTION refuse_audit_events()");
    }
    expect(await prisma.policyDryRun.count()).toBe(0);
  });

  it("rebuilds the order of an action older than order_facts without the refunds made after it", async () => {
    const workspaceId = await demoWorkspaceId();
    const { actionId } = await propose(prisma, socks);
    // As a row written before the column was: no order facts of its own.
    await prisma.$executeRaw`UPDATE pending_actions SET order_facts = NULL WHERE id = ${actionId}`;
    const action = await prisma.pendingAction.findUniqueOrThrow({
      where: { id: actionId },
      select: { createdAt: true, customerId: true, orderId: true, lineIds: true },
    });
    // The socks were refunded after the request: today's order has them refunded already.
    await prisma.refund.create({
      data: {
        pendingActionId: actionId,
        idempotencyKey: `refund:${actionId}`,
        providerRefundId: `re_${randomBytes(4).toString("hex")}`,
        customerId: action.customerId,
        orderId: action.orderId,
        amountCents: 1260,
        currency: "USD",
        target: "Amex •0005",
        status: "succeeded",
        createdAt: new Date(action.createdAt.getTime() + 60_000),
        lines: {
          create: [{ orderLineId: action.lineIds[0] ?? "", quantity: 1, amountCents: 1260 }],
        },
      },
    });
    await saveDraft(workspaceId, (document) => ({
      ...document,
      reasons: {
        ...document.reasons,
        too_small: { ...document.reasons.too_small, feeRateBasisPoints: 0 },
        too_large: { ...document.reasons.too_large, feeRateBasisPoints: 0 },
        no_longer_needed: { ...document.reasons.no_longer_needed, feeRateBasisPoints: 0 },
      },
    }));

    const report = await runPolicyDryRun({ workspaceId, actor: await admin() }, context);

    // Replayed against the order as it was (socks not yet refunded), not as it is today.
    expect(report.changes.find((entry) => entry.ref === actionId)).toMatchObject({
      label: "Order B2001 · Wool socks · too small",
      before: { decision: "quote", netRefundCents: 1260 },
      after: { decision: "quote", netRefundCents: 1400 },
    });
    expect(report.summary.moneyDifference).toEqual([{ currency: "USD", cents: 140 }]);
  });

  it("replays the policy's refusals of the agent's proposals too", async () => {
    const workspaceId = await demoWorkspaceId();
    const tom = await prisma.customer.findFirstOrThrow({ where: { email: "tom@example.com" } });
    const blanket = await prisma.order.findFirstOrThrow({
      where: { number: "A1021", customerId: tom.id },
      include: { lines: true },
    });
    const conversation = await prisma.conversation.create({
      data: { channel: "email", customerId: tom.id, orderId: blanket.id, subject: "Blanket" },
    });
    const run = await prisma.run.create({
      data: {
        conversationId: conversation.id,
        provider: "offline",
        model: "offline",
        status: "completed",
      },
    });
    const step = { runId: run.id, provider: "offline", model: "offline", processId: "test" };
    await prisma.runStep.create({
      data: {
        ...step,
        sequence: 1,
        kind: "tool_call",
        toolCallId: "call_1",
        toolName: "propose_refund",
        toolArgs: {
          orderNumber: "A1021",
          lineIds: blanket.lines.map((line) => line.id),
          reason: "no_longer_needed",
        },
      },
    });
    const refusal = await prisma.runStep.create({
      data: {
        ...step,
        sequence: 2,
        kind: "tool_result",
        toolCallId: "call_1",
        toolName: "propose_refund",
        isError: true,
        toolResult: {
          error: "The refund policy does not allow this refund.",
          reasons: [{ code: "OUTSIDE_WINDOW", sectionId: "window", message: "outside" }],
        },
      },
    });
    await saveDraft(workspaceId, (document) => ({ ...document, defaultWindowDays: 60 }));

    const report = await runPolicyDryRun({ workspaceId, actor: await admin() }, context);

    expect(report.changes.find((entry) => entry.source === "request")).toMatchObject({
      ref: refusal.id,
      conversationId: conversation.id,
      label: "Order A1021 · Wool throw blanket · no longer needed",
      before: { decision: "deny" },
      // $64.00 less the 10% fee; email, so an approver.
      after: { decision: "quote", netRefundCents: 5760, needsApprover: true },
    });
    expect(report.summary).toMatchObject({
      requests: 1,
      moneyDifference: [{ currency: "USD", cents: 5760 }],
    });
  });

  it("replays only the requests made inside the lookback window", async () => {
    const workspaceId = await demoWorkspaceId();
    const old = await propose(prisma, earbuds);
    const recent = await propose(prisma, jacket);
    await prisma.pendingAction.update({
      where: { id: old.actionId },
      data: { createdAt: new Date(Date.now() - 40 * DAY_MS) },
    });
    await saveDraft(workspaceId, (document) => ({ ...document, defaultWindowDays: 1 }));
    const actor = await admin();

    const month = await runPolicyDryRun({ workspaceId, actor, lookbackDays: 30 }, context);
    expect(month.summary.requests).toBe(1);
    expect(
      month.changes.filter((entry) => entry.source === "request").map((entry) => entry.ref),
    ).toEqual([recent.actionId]);

    const twoMonths = await runPolicyDryRun({ workspaceId, actor, lookbackDays: 60 }, context);
    expect(twoMonths.summary.requests).toBe(2);

    await expect(
      runPolicyDryRun({ workspaceId, actor, lookbackDays: 366 }, context),
    ).rejects.toThrow();
  });

  it("never replays another workspace's requests, and refuses a workspace the staff member is not in", async () => {
    const demoId = await demoWorkspaceId();
    const ourRequest = await propose(prisma, earbuds);
    // Another shop with its own Sam and the same order: the same request, made there.
    const other = await prisma.workspace.create({
      data: {
        key: "other-shop",
        name: "Other Shop",
        identitySecret: randomBytes(32).toString("base64url"),
      },
    });
    const otherSam = await prisma.customer.create({
      data: { email: "sam@example.com", name: "Sam Elsewhere", workspaceId: other.id },
    });
    const ourOrder = await prisma.order.findUniqueOrThrow({
      where: {
        id: (await prisma.pendingAction.findUniqueOrThrow({ where: { id: ourRequest.actionId } }))
          .orderId,
      },
      include: { lines: true },
    });
    const otherOrder = await prisma.order.create({
      data: {
        number: ourOrder.number,
        customerId: otherSam.id,
        placedAt: ourOrder.placedAt,
        deliveredAt: ourOrder.deliveredAt,
        shippingCents: ourOrder.shippingCents,
        paymentMethodLabel: ourOrder.paymentMethodLabel,
        lines: { create: ourOrder.lines.map(({ id: _id, orderId: _orderId, ...line }) => line) },
      },
      include: { lines: true },
    });
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: otherSam.id, orderId: otherOrder.id, subject: "Refund" },
    });
    const otherProposal = await proposeRefund(
      {
        conversationId: conversation.id,
        customerId: otherSam.id,
        orderId: otherOrder.id,
        lineIds: otherOrder.lines.map((line) => line.id),
        reason: "no_longer_needed",
        requestedBy: await admin(),
      },
      context,
    );
    if (otherProposal.kind !== "proposed") throw new Error("expected a quote");
    await saveDraft(demoId, shorterElectronicsWindow);
    await saveDraft(other.id, shorterElectronicsWindow);
    const actor = await admin();

    const ours = await runPolicyDryRun({ workspaceId: demoId, actor }, context);
    const ourRefs = ours.changes.map((entry) => entry.ref);
    expect(ourRefs).not.toContain(otherProposal.action.id);
    expect(ourRefs).toContain(ourRequest.actionId);
    expect(ours.summary.requests).toBe(1);

    await expect(runPolicyDryRun({ workspaceId: other.id, actor }, context)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await prisma.workspaceMember.create({
      data: { workspaceId: other.id, staffUserId: actor.userId },
    });
    const theirsRun = await runPolicyDryRun({ workspaceId: other.id, actor }, context);
    expect(
      theirsRun.changes.filter((entry) => entry.source === "request").map((entry) => entry.ref),
    ).toEqual([otherProposal.action.id]);
    expect(theirsRun.summary.requests).toBe(1);
    expect(await latestPolicyDryRun(demoId, context)).toMatchObject({ id: ours.id });
  });

  it("refuses with a conflict when there is no draft, or the draft does not validate", async () => {
    const workspaceId = await demoWorkspaceId();
    const actor = await admin();
    await expect(runPolicyDryRun({ workspaceId, actor }, context)).rejects.toMatchObject({
      code: "CONFLICT",
      extensions: { reason: "NO_DRAFT" },
    });
    await saveDraft(workspaceId, (document) => ({
      ...document,
      approval: { ...document.approval, alwaysApproveChannels: [] },
    }));
    await expect(runPolicyDryRun({ workspaceId, actor }, context)).rejects.toMatchObject({
      code: "CONFLICT",
      extensions: { reason: "DRAFT_INVALID" },
      errors: [expect.objectContaining({ path: "approval.alwaysApproveChannels" })],
    });
    expect(await prisma.policyDryRun.count()).toBe(0);
  });
});
