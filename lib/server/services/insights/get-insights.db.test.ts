import { beforeAll, describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { type Insights, listFigures, resolvePeriod } from "@/lib/domain/insights";
import { Prisma } from "@/lib/generated/prisma/client";
import { inboxQuerySchema, listInbox } from "@/lib/server/services/inbox/list-inbox";
import {
  approveAction,
  rejectAction,
} from "@/lib/server/services/pending-actions/approve-or-reject-action";
import { executePendingAction } from "@/lib/server/services/pending-actions/execute-pending-action";
import { resetAndSeed } from "@/tests/db/test-database";
import { createConversation, createCustomerOrder, createRun } from "@/tests/support/row-builder";
import { actionsOf, approverId, beginStory } from "@/tests/support/story-harness";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { getInsights } from "./get-insights";

const prisma = testDatabaseClient();
const context = testUseCaseContext({ db: prisma });

const period = resolvePeriod({}, new Date());
const inPeriod = (column: string) =>
  Prisma.sql`${Prisma.raw(column)} >= ${period.from} AND ${Prisma.raw(column)} < ${period.to}`;
// Timestamps in whole milliseconds, as the client reads them.
const ms = (column: string) =>
  Prisma.raw(`(extract(epoch from date_trunc('milliseconds', ${column})) * 1000)`);

type Row = { key: string; count: number; amount: number | null; ids: string[] };

/*
 * Plays real stories through the offline agent (refunds paid, approved, rejected, denied, a
 * dispute), adds rows the stories do not produce (a staff reply, a blocked message, a corrected
 * dispute amount) and rows from before the period, then checks every figure against SQL written
 * from the table definitions, not from the loader.
 */
async function seedPeriod() {
  await resetAndSeed(prisma);
  const provider = createOfflineAgent();
  const approver = await approverId(prisma);
  const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });

  const cracked = await beginStory(prisma, provider, "cracked-on-arrival");
  const [crackedAction] = await actionsOf(prisma, cracked.conversationId);
  await approveAction({ actionId: crackedAction?.id ?? "", deciderId: approver }, context);
  await executePendingAction({ actionId: crackedAction?.id ?? "" }, context);
  // A second approval click on the decided action is refused (and audited).
  await approveAction({ actionId: crackedAction?.id ?? "", deciderId: admin.id }, context).catch(
    () => undefined,
  );

  const angry = await beginStory(prisma, provider, "angry-customer");
  const [angryAction] = await actionsOf(prisma, angry.conversationId);
  await rejectAction(
    { actionId: angryAction?.id ?? "", deciderId: approver, note: "Used, not returnable." },
    context,
  );

  const small = await beginStory(prisma, provider, "small-refund");
  await small.say("yes");
  await prisma.message.create({
    data: {
      conversationId: small.conversationId,
      authorKind: "staff",
      visibility: "customer",
      body: "Following up personally.",
      staffUserId: admin.id,
    },
  });

  const denied = await beginStory(prisma, provider, "past-30-days");
  await prisma.conversation.update({
    where: { id: denied.conversationId },
    data: { workflowStatus: "solved" },
  });
  const big = await beginStory(prisma, provider, "too-big");
  await big.say("yes");
  // Paid, then failed at the provider days later: it counts as failed after being paid.
  const [bigAction] = await actionsOf(prisma, big.conversationId);
  await approveAction({ actionId: bigAction?.id ?? "", deciderId: approver }, context);
  await executePendingAction({ actionId: bigAction?.id ?? "" }, context);
  await prisma.refund.update({
    where: { pendingActionId: bigAction?.id ?? "" },
    data: { status: "failed", statusReason: "lost_or_stolen_card", failedAt: new Date() },
  });
  const dispute = await beginStory(prisma, provider, "billing-dispute");
  await prisma.disputeTicket.updateMany({
    where: { conversationId: dispute.conversationId },
    data: { suppliedAmountCents: 15_000 },
  });
  const disputeRun = await prisma.run.findFirstOrThrow({
    where: { conversationId: dispute.conversationId },
  });
  await prisma.runStep.create({
    data: {
      runId: disputeRun.id,
      sequence: 900,
      kind: "tool_result",
      provider: "offline",
      model: "offline-1",
      processId: "test",
      toolCallId: "blocked-1",
      toolName: "send_customer_message",
      toolResult: { error: "Not sent: the message states things that do not match." },
      isError: true,
    },
  });

  // Before the period: none of this may count.
  const before = new Date(period.from.getTime() - 30 * 24 * 60 * 60 * 1000);
  const { customerId } = await createCustomerOrder(prisma);
  const old = await createConversation(prisma, {
    customerId,
    status: "resolved",
    workflowStatus: "solved",
    createdAt: before,
  });
  const oldRun = await createRun(prisma, {
    conversationId: old.id,
    finishedAt: before,
    inputTokens: 999_999,
    stepErrors: 1,
  });
  await prisma.runStep.updateMany({ where: { runId: oldRun.id }, data: { createdAt: before } });
}

async function expectedFigures(): Promise<Map<string, Row>> {
  const rows: Row[] = [];
  const add = (found: Row[]) => rows.push(...found.filter((row) => row.count > 0));
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'conversations:' || channel || ':' || status AS key, count(*)::int AS count,
        NULL AS amount, array_agg(id ORDER BY id) AS ids
      FROM conversations WHERE ${inPeriod("created_at")} GROUP BY channel, status`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT CASE WHEN handed THEN 'resolution:handed_to_person' ELSE 'resolution:agent_alone' END
          AS key, count(*)::int AS count, NULL AS amount, array_agg(id ORDER BY id) AS ids
      FROM (SELECT c.id,
          EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id
            AND m.author_kind = 'staff' AND m.visibility = 'customer')
          OR EXISTS (SELECT 1 FROM audit_events a WHERE a.conversation_id = c.id
            AND a.kind = 'ticket.taken_over') AS handed
        FROM conversations c
        WHERE ${inPeriod("c.created_at")} AND (c.status = 'resolved' OR c.ticket_status = 'solved')) x
      GROUP BY handed`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'refunds:' || pa.reason || ':' || r.currency AS key, count(*)::int AS count,
        sum(r.amount_cents)::int AS amount, array_agg(DISTINCT pa.conversation_id) AS ids
      FROM refunds r JOIN pending_actions pa ON pa.id = r.pending_action_id
      WHERE r.status = 'succeeded' AND ${inPeriod("r.created_at")} GROUP BY pa.reason, r.currency`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'refund_outcomes:' || CASE
          WHEN r.status = 'succeeded' THEN 'paid'
          WHEN r.status IN ('pending', 'requires_action') THEN 'processing'
          WHEN r.paid_at IS NOT NULL THEN 'failed_after_paid'
          WHEN r.status = 'canceled' THEN 'canceled'
          ELSE 'failed' END || ':' || r.currency AS key,
        count(*)::int AS count, sum(r.amount_cents)::int AS amount,
        array_agg(DISTINCT pa.conversation_id) AS ids
      FROM refunds r JOIN pending_actions pa ON pa.id = r.pending_action_id
      WHERE ${inPeriod("r.created_at")} GROUP BY 1`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'refund_failures:' || COALESCE(r.status_reason, 'none') || ':' || r.currency AS key,
        count(*)::int AS count, sum(r.amount_cents)::int AS amount,
        array_agg(DISTINCT pa.conversation_id) AS ids
      FROM refunds r JOIN pending_actions pa ON pa.id = r.pending_action_id
      WHERE r.status IN ('failed', 'canceled') AND ${inPeriod("r.created_at")} GROUP BY 1`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'decisions:' || d.decision AS key, count(*)::int AS count, NULL AS amount,
        array_agg(DISTINCT pa.conversation_id) AS ids
      FROM approval_decisions d JOIN pending_actions pa ON pa.id = d.pending_action_id
      WHERE ${inPeriod("d.created_at")} GROUP BY d.decision`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'denials:' || section AS key, count(*)::int AS count, NULL AS amount,
        array_agg(DISTINCT conversation_id) AS ids
      FROM (SELECT DISTINCT r.conversation_id, e->>'sectionId' AS section, e->>'code' AS code,
          e->>'lineId' AS line
        FROM run_steps s JOIN runs r ON r.id = s.run_id
        CROSS JOIN LATERAL jsonb_array_elements(CASE
          WHEN s.tool_name = 'propose_refund' THEN
            COALESCE(s.tool_result->'reasons', '[]') || COALESCE(s.tool_result->'refused', '[]')
          WHEN s.tool_name = 'check_refund_policy'
            AND jsonb_array_length(s.tool_result->'refundableLineIds') = 0
            THEN s.tool_result->'denyReasons'
          ELSE '[]' END) e
        WHERE s.kind = 'tool_result' AND ${inPeriod("s.created_at")}) d
      GROUP BY section`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'disputes:' || category || ':' || impact AS key, count(*)::int AS count,
        sum(amount_cents)::int AS amount, array_agg(DISTINCT conversation_id) AS ids
      FROM dispute_tickets WHERE ${inPeriod("created_at")} GROUP BY category, impact`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT CASE WHEN s.tool_name = 'send_customer_message' THEN 'unsafe:blocked_customer_messages'
          ELSE 'unsafe:refused_tool_calls' END AS key,
        count(*)::int AS count, NULL AS amount, array_agg(DISTINCT r.conversation_id) AS ids
      FROM run_steps s JOIN runs r ON r.id = s.run_id
      WHERE s.kind = 'tool_result' AND s.is_error AND ${inPeriod("s.created_at")} GROUP BY 1`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'unsafe:corrected_amounts' AS key, count(*)::int AS count, NULL AS amount,
        COALESCE(array_agg(DISTINCT conversation_id), '{}') AS ids
      FROM dispute_tickets WHERE ${inPeriod("created_at")}
        AND supplied_amount_cents IS NOT NULL AND supplied_amount_cents <> amount_cents`,
  );
  add(
    await prisma.$queryRaw<Row[]>`
      SELECT 'unsafe:refused_transitions' AS key, count(*)::int AS count, NULL AS amount,
        COALESCE(array_agg(DISTINCT conversation_id) FILTER (WHERE conversation_id IS NOT NULL), '{}') AS ids
      FROM audit_events WHERE kind = 'pending_action.transition_refused' AND ${inPeriod("created_at")}`,
  );
  return new Map(rows.map((row) => [row.key, { ...row, ids: [...row.ids].sort() }]));
}

type Percentiles = { count: number; p50: number | null; p90: number | null };

async function expectedTimings(): Promise<Record<string, Percentiles>> {
  const summarize = (durations: Prisma.Sql) => prisma.$queryRaw<[Percentiles]>`
    SELECT count(*)::int AS count,
      (percentile_disc(0.5) WITHIN GROUP (ORDER BY d))::float8 AS p50,
      (percentile_disc(0.9) WITHIN GROUP (ORDER BY d))::float8 AS p90
    FROM (${durations}) t(d)`;
  const [firstReply] = await summarize(Prisma.sql`
    SELECT ${ms("reply.created_at")} - ${ms("first.created_at")}
    FROM conversations c
    CROSS JOIN LATERAL (SELECT created_at FROM messages WHERE conversation_id = c.id
      AND author_kind = 'customer' ORDER BY created_at, id LIMIT 1) first
    CROSS JOIN LATERAL (SELECT created_at FROM messages WHERE conversation_id = c.id
      AND author_kind IN ('agent', 'staff') AND visibility = 'customer'
      AND created_at >= first.created_at ORDER BY created_at, id LIMIT 1) reply
    WHERE ${inPeriod("c.created_at")}`);
  const [approval] = await summarize(Prisma.sql`
    SELECT ${ms("d.created_at")} - ${ms("COALESCE(pa.confirmed_at, pa.created_at)")}
    FROM approval_decisions d JOIN pending_actions pa ON pa.id = d.pending_action_id
    WHERE d.decision = 'approved' AND ${inPeriod("d.created_at")}`);
  const [refund] = await summarize(Prisma.sql`
    SELECT ${ms("r.paid_at")} - ${ms("c.created_at")}
    FROM refunds r JOIN pending_actions pa ON pa.id = r.pending_action_id
    JOIN conversations c ON c.id = pa.conversation_id
    WHERE r.status = 'succeeded' AND ${inPeriod("r.created_at")}`);
  return { "timing:first_reply": firstReply, "timing:approval": approval, "timing:refund": refund };
}

describe("getInsights", () => {
  let insights: Insights;
  beforeAll(async () => {
    await seedPeriod();
    insights = await getInsights(period, { db: prisma });
  }, 240_000);

  it("shows every counted figure the rows of the period hold, with the same conversations", async () => {
    const expected = await expectedFigures();
    const timingKeys = new Set(insights.timings.map((timing) => timing.key));
    const shown = listFigures(insights).filter(
      (figure) =>
        figure.count > 0 && !timingKeys.has(figure.key) && figure.key !== "model:resolved",
    );
    expect(
      Object.fromEntries(
        shown.map((figure) => [
          figure.key,
          { count: figure.count, amount: figure.amountCents ?? null, ids: figure.conversationIds },
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...expected.values()].map((row) => [
          row.key,
          {
            count: row.count,
            amount: /^(?:refunds|refund_outcomes|refund_failures|disputes):/.test(row.key)
              ? row.amount
              : null,
            ids: row.ids,
          },
        ]),
      ),
    );
    // The seeded period exercises every kind of figure, so none of the above holds vacuously.
    for (const prefix of [
      "conversations:email",
      "conversations:chat",
      "resolution:agent_alone",
      "resolution:handed_to_person",
      "refunds:",
      "refund_outcomes:paid:",
      "refund_outcomes:failed_after_paid:",
      "refund_failures:lost_or_stolen_card:",
      "decisions:approved",
      "decisions:rejected",
      "denials:§2",
      "denials:§3",
      "disputes:",
      "unsafe:blocked_customer_messages",
      "unsafe:corrected_amounts",
      "unsafe:refused_transitions",
    ]) {
      expect(
        [...expected.keys()].some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it("measures p50 and p90 of each wait as Postgres' percentile_disc does", async () => {
    const expected = await expectedTimings();
    expect(
      Object.fromEntries(
        insights.timings.map((timing) => [
          timing.key,
          { count: timing.count, p50: timing.p50Ms, p90: timing.p90Ms },
        ]),
      ),
    ).toEqual(expected);
    expect(expected["timing:refund"]?.count).toBeGreaterThanOrEqual(2);
  });

  it("divides the model's tokens and cost over the resolved conversations of the period", async () => {
    const [usage] = await prisma.$queryRaw<
      [{ conversations: number; tokens: number; cost: number }]
    >`
      SELECT count(DISTINCT c.id)::int AS conversations,
        COALESCE(sum(r.input_tokens + r.output_tokens), 0)::int AS tokens,
        COALESCE(sum(r.cost_micro_usd), 0)::int AS cost
      FROM conversations c LEFT JOIN runs r ON r.conversation_id = c.id
      WHERE ${inPeriod("c.created_at")} AND (c.status = 'resolved' OR c.ticket_status = 'solved')`;
    expect(usage.conversations).toBeGreaterThan(0);
    expect(insights.modelUsage).toMatchObject({
      resolvedConversations: usage.conversations,
      tokensPerResolved: Math.round(usage.tokens / usage.conversations),
      costMicroUsdPerResolved: Math.round(usage.cost / usage.conversations),
    });
    expect(insights.modelUsage.inputTokens + insights.modelUsage.outputTokens).toBe(usage.tokens);
  });

  it("filters the inbox to exactly the conversations behind a figure, and to none for an unknown one", async () => {
    const dates = { from: period.fromDate, to: period.toDate };
    for (const figure of listFigures(insights).filter((candidate) => candidate.count > 0)) {
      const page = await listInbox(
        {
          ...inboxQuerySchema.parse({ insight: figure.key, ...dates, limit: 100 }),
          everyWorkspace: true,
        },
        context,
      );
      expect(page.conversations.map((row) => row.id).sort(), figure.key).toEqual(
        figure.conversationIds,
      );
      expect(page.insight).toMatchObject({ key: figure.key, label: figure.label });
    }
    const stale = await listInbox(
      { ...inboxQuerySchema.parse({ insight: "refunds:gone", ...dates }), everyWorkspace: true },
      context,
    );
    expect(stale.conversations).toEqual([]);
    expect(stale.filtered).toBe(true);
  });
});
