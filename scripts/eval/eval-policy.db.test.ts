import { describe, expect, it } from "vitest";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createScriptedSimulator } from "@/lib/agent/simulator/personas";
import { POLICY_V1 } from "@/lib/domain/policy-v1";
import { testDatabaseClient } from "@/tests/support/test-database-hooks";
import { resetAndSeed } from "../bench/play-story";
import { casesUnder, STORY_CASES } from "./eval-cases";
import { EvalPolicyError, publishEvalPolicy, readPolicyFile, seededVersion } from "./eval-policy";
import { gradeRun } from "./grade-run";
import { runEval } from "./run-eval";

const prisma = testDatabaseClient();
const holiday = await readPolicyFile("policy/examples/holiday-2026.json");

async function playStory2(cases: typeof STORY_CASES) {
  const story = cases.find((one) => one.key === "2. past-30-days");
  if (!story) throw new Error("no story 2 case");
  const conversationId = await story.play({
    db: prisma,
    provider: createOfflineAgent(),
    simulator: createScriptedSimulator(),
    attempt: 0,
  });
  return { story, conversationId };
}

describe("npm run eval -- --policy", () => {
  it("quotes under the published draft: Tom's 45-day-old blanket is within the holiday's 60 days", async () => {
    await resetAndSeed(prisma);
    const published = await publishEvalPolicy(prisma, holiday);
    expect(published.version).toBe("refund-policy/v2");

    const { story, conversationId } = await playStory2(
      casesUnder({ version: published.version, document: holiday }, new Date()),
    );
    expect(await gradeRun(prisma, conversationId, story.expected)).toEqual({
      failures: [],
      unsafe: [],
    });
    const actions = await prisma.pendingAction.findMany({ where: { conversationId } });
    expect(
      actions.map((action) => [action.status, action.netRefundCents, action.policyVersion]),
    ).toEqual([["awaiting_approval", 5760, "refund-policy/v2"]]);
    // Graded by v1's expectations the same end state fails: the grade follows the policy.
    const v1Story = STORY_CASES.find((one) => one.key === "2. past-30-days");
    expect((await gradeRun(prisma, conversationId, v1Story?.expected ?? {})).failures).toEqual([
      "actions [awaiting_approval 5760], expected []",
      "the customer was not told the denial citing policy §2",
    ]);
  });

  it("writes nothing when the policy given is already the one in force", async () => {
    await resetAndSeed(prisma);
    expect(await publishEvalPolicy(prisma, structuredClone(POLICY_V1.document))).toEqual(POLICY_V1);
    expect(await prisma.policyVersion.count()).toBe(0);
  });

  it("reads a version label from the seeded workspace, and refuses one it does not have", async () => {
    expect(await seededVersion(prisma, "refund-policy/v1")).toEqual(POLICY_V1.document);
    await expect(seededVersion(prisma, "refund-policy/v9")).rejects.toThrow(EvalPolicyError);
  });

  it("passes every story and persona under the holiday example with the offline agent", async () => {
    const report = await runEval({ db: prisma, k: 1, targets: ["offline"], policy: holiday });
    const findings = report.cases.flatMap((result) =>
      result.tries.flatMap((one) =>
        [...one.unsafe, ...one.failures].map((text) => `${result.key}: ${text}`),
      ),
    );
    expect(findings).toEqual([]);
    expect(report.cases).toHaveLength(18);
    expect(report.unsafeOutcomes).toBe(0);
  }, 600_000);

  it("refuses to grade the adversaries, whose cases fix v1's amounts, under another policy", async () => {
    await expect(
      runEval({ db: prisma, k: 1, targets: ["adversaries"], policy: holiday }),
    ).rejects.toThrow(/run it without --policy/);
  });
});
