import { describe, expect, it } from "vitest";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { proposeRefund } from "@/lib/server/services/pending-actions/propose-refund";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { runPolicyDryRun } from "./run-policy-dry-run";

const prisma = seededTestDatabase();
const context = testUseCaseContext({ db: prisma });
const STORED_ACTIONS = 2_000;

describe("runPolicyDryRun at scale", () => {
  it("replays 2,000 stored requests, half of them rebuilt from today's order, in one read", async () => {
    const workspace = await prisma.workspace.findFirstOrThrow({ where: { key: "demo-shop" } });
    const staff = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
    const actor = { type: "staff" as const, userId: staff.id, roles: ["admin" as const] };
    const sam = await prisma.customer.findFirstOrThrow({ where: { email: "sam@example.com" } });
    const order = await prisma.order.findFirstOrThrow({
      where: { number: "B2002", customerId: sam.id },
      include: { lines: true },
    });
    const conversation = await prisma.conversation.create({
      data: { channel: "chat", customerId: sam.id, orderId: order.id, subject: "Earbuds" },
    });
    const proposed = await proposeRefund(
      {
        conversationId: conversation.id,
        customerId: sam.id,
        orderId: order.id,
        lineIds: order.lines.map((line) => line.id),
        reason: "no_longer_needed",
        requestedBy: actor,
      },
      context,
    );
    if (proposed.kind !== "proposed") throw new Error("expected a quote");
    // Copies of the one real action, spread over the month; every other one without its facts.
    await prisma.$executeRaw`
      INSERT INTO pending_actions (id, kind, status, conversation_id, customer_id, order_id, reason,
             line_ids, quote, quote_hash, policy_version, net_refund_cents, currency,
             needs_confirmation, needs_approval, requested_by, expires_at, idempotency_key,
             order_facts, created_at, updated_at)
      SELECT pa.id || '-' || n, pa.kind, 'expired', pa.conversation_id, pa.customer_id, pa.order_id,
             pa.reason, pa.line_ids, pa.quote, pa.quote_hash, pa.policy_version, pa.net_refund_cents,
             pa.currency, pa.needs_confirmation, pa.needs_approval, pa.requested_by, pa.expires_at,
             pa.idempotency_key || '-' || n, CASE WHEN n % 2 = 0 THEN pa.order_facts END,
             pa.created_at - (n * interval '20 minutes'), pa.updated_at
        FROM pending_actions AS pa, generate_series(1, ${STORED_ACTIONS - 1}::int) AS n
       WHERE pa.id = ${proposed.action.id}`;
    await prisma.policyVersion.create({
      data: {
        workspaceId: workspace.id,
        status: "draft",
        document: {
          ...POLICY_V1.document,
          approval: { ...POLICY_V1.document.approval, autoApproveLimitCents: 20_000 },
        },
        basedOn: POLICY_V1.version,
      },
    });

    const started = performance.now();
    const report = await runPolicyDryRun({ workspaceId: workspace.id, actor }, context);
    const elapsedMs = performance.now() - started;

    expect(report.summary.requests).toBe(STORED_ACTIONS);
    // Every copy's $109.65 no longer needs an approver (nor does the opened-electronics story).
    expect(report.changes.filter((change) => change.source === "request")).toHaveLength(
      STORED_ACTIONS,
    );
    expect(report.summary.moreNeedingApprover).toBe(-(STORED_ACTIONS + 2));
    process.stdout.write(
      `dry run of ${STORED_ACTIONS} stored requests: ${elapsedMs.toFixed(0)} ms\n`,
    );
    expect(elapsedMs).toBeLessThan(10_000);
  });
});
