import { describe, expect, it } from "vitest";
import { hashPolicyDocument, type PolicyDocument } from "@/lib/domain/policy-document";
import type { DryRunSummary } from "@/lib/domain/policy-dry-run";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { AppError } from "@/lib/errors/app-error";
import { policyInForce } from "@/lib/server/policies/policy-versions";
import { seededTestDatabase } from "@/tests/support/test-database-hooks";
import { fixedClock, testUseCaseContext } from "@/tests/support/test-use-case-context";
import { testWorkspaceId } from "@/tests/support/test-workspace";
import { discardPolicyDraft } from "./discard-policy-draft";
import { getPolicyEditor } from "./get-policy-editor";
import { openPolicyDraft } from "./open-policy-draft";
import { publishPolicyDraft } from "./publish-policy-draft";
import { rollBackPolicy } from "./roll-back-policy";
import { savePolicyDraft } from "./save-policy-draft";

const prisma = seededTestDatabase();
const NOW = new Date("2026-12-07T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const context = testUseCaseContext({ db: prisma, now: fixedClock(NOW) });

const SUMMARY: DryRunSummary = {
  requests: 12,
  stories: 9,
  decisionsFlipped: 1,
  amountsMoved: 2,
  moreNeedingApprover: 0,
  moneyDifference: [{ currency: "USD", cents: 1890 }],
};

async function lead() {
  const admin = await prisma.staffUser.findFirstOrThrow({ where: { role: "admin" } });
  return { type: "staff" as const, userId: admin.id, roles: ["admin" as const] };
}

function withElectronicsWindow(days: number): PolicyDocument {
  const document = structuredClone(POLICY_V1.document);
  const electronics = document.categories.find((category) => category.name === "electronics");
  if (electronics) electronics.windowDays = days;
  return document;
}

/** A finished dry run of the draft as it is stored now, as the dry-run service records one. */
async function recordDryRun(
  workspaceId: string,
  document: PolicyDocument,
  comparedWith = POLICY_V1.version,
) {
  const draft = await prisma.policyVersion.findFirstOrThrow({
    where: { workspaceId, status: "draft" },
  });
  return prisma.policyDryRun.create({
    data: {
      workspaceId,
      draftId: draft.id,
      documentHash: hashPolicyDocument(document),
      comparedWith,
      lookbackDays: 90,
      summary: SUMMARY,
      changes: [],
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

async function publishedDraft(workspaceId: string, document: PolicyDocument) {
  const actor = await lead();
  await savePolicyDraft({ workspaceId, document, actor }, context);
  const live = await policyInForce(prisma, workspaceId, NOW);
  await recordDryRun(workspaceId, document, live.version);
  return publishPolicyDraft({ workspaceId, actor }, context);
}

describe("saving a draft", () => {
  it("opens the draft from the live version and audits each save with the terms' hash", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const opened = await openPolicyDraft({ workspaceId, actor }, context);
    expect([opened.basedOn, opened.document]).toEqual([POLICY_V1.version, POLICY_V1.document]);
    expect((await openPolicyDraft({ workspaceId, actor }, context)).id).toBe(opened.id);

    const document = withElectronicsWindow(30);
    const saved = await savePolicyDraft({ workspaceId, document, actor }, context);
    expect(saved.id).toBe(opened.id);
    expect(saved.document).toEqual(document);
    const events = await prisma.auditEvent.findMany({ where: { kind: "policy.draft_saved" } });
    expect(events.map((event) => [event.subjectId, event.actorId, event.payload])).toEqual([
      [
        opened.id,
        actor.userId,
        { workspaceId, basedOn: POLICY_V1.version, documentHash: hashPolicyDocument(document) },
      ],
    ]);
    expect(await policyInForce(prisma, workspaceId, NOW)).toEqual(POLICY_V1);
  });

  it("refuses a document that breaks the rules, each problem at its path, and stores nothing", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const outOfRange = withElectronicsWindow(0);
    outOfRange.categories.push({ ...outOfRange.categories[1], label: "cards" } as never);
    outOfRange.reasons.damaged.feeRateBasisPoints = 12_000;
    outOfRange.reasons.no_longer_needed.refundsShipping = true;
    const error = await refusal(
      savePolicyDraft({ workspaceId, document: outOfRange, actor }, context),
    );
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.errors).toEqual(
      expect.arrayContaining([
        { path: "categories.0.windowDays", message: expect.stringContaining(">=1") },
        { path: "reasons.damaged.feeRateBasisPoints", message: expect.stringContaining("<=10000") },
        {
          path: "reasons.no_longer_needed.refundsShipping",
          message: expect.stringContaining("A reason that pays more must be merchant fault"),
        },
        { path: "categories.2.name", message: expect.stringContaining("is listed twice") },
      ]),
    );
    expect(await prisma.policyVersion.count({ where: { workspaceId, status: "draft" } })).toBe(0);
    expect(await prisma.auditEvent.count({ where: { kind: "policy.draft_saved" } })).toBe(0);
  });

  it("discards the draft with an audit event, leaving the live version", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const draft = await openPolicyDraft({ workspaceId, actor }, context);
    expect(await discardPolicyDraft({ workspaceId, actor }, context)).toEqual({ discarded: true });
    expect(await discardPolicyDraft({ workspaceId, actor }, context)).toEqual({ discarded: false });
    const events = await prisma.auditEvent.findMany({ where: { kind: "policy.draft_discarded" } });
    expect(events.map((event) => [event.subjectId, event.payload])).toEqual([
      [draft.id, { workspaceId }],
    ]);
    expect((await getPolicyEditor({ workspaceId }, context)).draft).toBeNull();
  });
});

describe("publishing", () => {
  it("is refused without a dry run of the draft's current terms", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    await savePolicyDraft({ workspaceId, document: withElectronicsWindow(30), actor }, context);
    const none = await refusal(publishPolicyDraft({ workspaceId, actor }, context));
    expect([none.code, none.extensions?.reason, none.message]).toEqual([
      "CONFLICT",
      "DRY_RUN_MISSING",
      expect.stringContaining("no dry run yet"),
    ]);

    await recordDryRun(workspaceId, withElectronicsWindow(30));
    await savePolicyDraft({ workspaceId, document: withElectronicsWindow(45), actor }, context);
    const outdated = await refusal(publishPolicyDraft({ workspaceId, actor }, context));
    expect([outdated.code, outdated.extensions?.reason]).toEqual(["CONFLICT", "DRY_RUN_OUTDATED"]);
    expect(outdated.message).toContain("changed after its last dry run");

    expect(await prisma.policyVersion.count({ where: { workspaceId, status: "published" } })).toBe(
      0,
    );
    expect(await prisma.auditEvent.count({ where: { kind: "policy.published" } })).toBe(0);
    expect(await policyInForce(prisma, workspaceId, NOW)).toEqual(POLICY_V1);
  });

  it("gives the proven draft the next number, in force now, audited with its dry run", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const document = withElectronicsWindow(30);
    await savePolicyDraft({ workspaceId, document, actor }, context);
    const stale = await recordDryRun(workspaceId, withElectronicsWindow(20));
    const dryRun = await recordDryRun(workspaceId, document);
    expect(stale.id).not.toBe(dryRun.id);

    const published = await publishPolicyDraft({ workspaceId, actor }, context);
    expect(published).toEqual({
      id: expect.any(String),
      version: "refund-policy/v2",
      effectiveFrom: NOW.toISOString(),
      effectiveUntil: null,
      dryRunId: dryRun.id,
    });
    expect(await policyInForce(prisma, workspaceId, NOW)).toEqual({
      version: "refund-policy/v2",
      document,
    });
    const events = await prisma.auditEvent.findMany({ where: { kind: "policy.published" } });
    expect(events.map((event) => [event.subjectId, event.actorId, event.payload])).toEqual([
      [
        published.id,
        actor.userId,
        {
          workspaceId,
          version: "refund-policy/v2",
          basedOn: POLICY_V1.version,
          effectiveFrom: NOW.toISOString(),
          effectiveUntil: null,
          restores: null,
          dryRunId: dryRun.id,
          summary: SUMMARY,
        },
      ],
    ]);
    const editor = await getPolicyEditor({ workspaceId }, context);
    expect(editor.draft).toBeNull();
    expect(editor.live.version).toBe("refund-policy/v2");
    expect(editor.live.sections.map((section) => section.body).join(" ")).toContain("30 days");
    expect(editor.history.map((version) => [version.version, version.state])).toEqual([
      ["refund-policy/v2", "in_force"],
      ["refund-policy/v1", "superseded"],
    ]);
  });

  it("is refused when another version went live after the dry run", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    await publishedDraft(workspaceId, withElectronicsWindow(20));
    await savePolicyDraft({ workspaceId, document: withElectronicsWindow(30), actor }, context);
    await recordDryRun(workspaceId, withElectronicsWindow(30), POLICY_V1.version);
    const error = await refusal(publishPolicyDraft({ workspaceId, actor }, context));
    expect([error.code, error.message]).toEqual([
      "CONFLICT",
      expect.stringContaining("refund-policy/v2 is in force now"),
    ]);
  });

  it("applies a scheduled version only inside its window; the earlier one before and after", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const holiday = withElectronicsWindow(60);
    await savePolicyDraft({ workspaceId, document: holiday, actor }, context);
    await recordDryRun(workspaceId, holiday);
    const from = new Date(NOW.getTime() + 10 * DAY);
    const until = new Date(NOW.getTime() + 20 * DAY);
    const published = await publishPolicyDraft(
      { workspaceId, effectiveFrom: from, effectiveUntil: until, actor },
      context,
    );
    expect([published.effectiveFrom, published.effectiveUntil]).toEqual([
      from.toISOString(),
      until.toISOString(),
    ]);
    const at = (offset: number) =>
      policyInForce(prisma, workspaceId, new Date(from.getTime() + offset));
    expect((await policyInForce(prisma, workspaceId, NOW)).version).toBe(POLICY_V1.version);
    expect((await at(-1)).version).toBe(POLICY_V1.version);
    expect(await at(0)).toEqual({ version: "refund-policy/v2", document: holiday });
    expect((await at(10 * DAY - 1)).version).toBe("refund-policy/v2");
    expect((await at(10 * DAY)).version).toBe(POLICY_V1.version);
    const editor = await getPolicyEditor({ workspaceId }, context);
    expect(editor.history[0]?.state).toBe("scheduled");
  });

  it("refuses a window that starts in the past or ends before it starts", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    const past = await refusal(
      publishPolicyDraft(
        { workspaceId, effectiveFrom: new Date(NOW.getTime() - DAY), actor },
        context,
      ),
    );
    expect(past.errors?.map((problem) => problem.path)).toEqual(["effectiveFrom"]);
    const backwards = await refusal(
      publishPolicyDraft({ workspaceId, effectiveUntil: NOW, actor }, context),
    );
    expect(backwards.errors?.map((problem) => problem.path)).toEqual(["effectiveUntil"]);
  });
});

describe("rolling back", () => {
  it("publishes the earlier terms as a new version without a dry run, audited", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    await publishedDraft(workspaceId, withElectronicsWindow(30));
    const rolledBack = await rollBackPolicy({ workspaceId, number: 1, actor }, context);
    expect(rolledBack).toEqual({
      id: expect.any(String),
      version: "refund-policy/v3",
      restores: "refund-policy/v1",
    });
    expect(await policyInForce(prisma, workspaceId, NOW)).toEqual({
      version: "refund-policy/v3",
      document: POLICY_V1.document,
    });
    const event = await prisma.auditEvent.findFirstOrThrow({
      where: { kind: "policy.published", subjectId: rolledBack.id },
    });
    expect(event.payload).toEqual({
      workspaceId,
      version: "refund-policy/v3",
      basedOn: "refund-policy/v2",
      effectiveFrom: NOW.toISOString(),
      effectiveUntil: null,
      restores: "refund-policy/v1",
      dryRunId: null,
      summary: null,
    });
    const again = await refusal(rollBackPolicy({ workspaceId, number: 3, actor }, context));
    expect(again.code).toBe("CONFLICT");
    const missing = await refusal(rollBackPolicy({ workspaceId, number: 9, actor }, context));
    expect(missing.code).toBe("NOT_FOUND");
  });

  it("gives versions published at once consecutive numbers", async () => {
    const workspaceId = await testWorkspaceId(prisma);
    const actor = await lead();
    await publishedDraft(workspaceId, withElectronicsWindow(20));
    await publishedDraft(workspaceId, withElectronicsWindow(30));
    // Six at once, alternating targets: without the lock, two would read the same newest number.
    const results = await Promise.all(
      [1, 2, 1, 2, 1, 2].map((number) => rollBackPolicy({ workspaceId, number, actor }, context)),
    );
    expect(results.map((result) => result.version).sort()).toEqual(
      [4, 5, 6, 7, 8, 9].map((number) => `refund-policy/v${number}`),
    );
    const rows = await prisma.policyVersion.findMany({
      where: { workspaceId, number: { gte: 4 } },
      orderBy: { number: "asc" },
    });
    // Each records the version in force when it went out: the one published just before it.
    expect(rows.map((row) => row.basedOn)).toEqual(
      [3, 4, 5, 6, 7, 8].map((number) => `refund-policy/v${number}`),
    );
  });
});
