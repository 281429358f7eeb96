import { performance } from "node:perf_hooks";
import { createOfflineAgent } from "@/lib/agent/model/offline-agent";
import { createOpenAiChatProvider } from "@/lib/agent/model/openai-chat";
import type { ModelProvider } from "@/lib/agent/model/provider";
import { selectProvider } from "@/lib/agent/model/select-provider";
import { type CustomerSimulator, createScriptedSimulator } from "@/lib/agent/simulator/personas";
import type { PolicyDocument } from "@/lib/domain/policy-document";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getServerEnv } from "@/lib/server/env";
import { selectSimulator } from "@/lib/server/services/simulator/run-persona";
import { scriptAdversary } from "@/tests/support/adversarial-model";
import { startFakeOpenAiServer } from "@/tests/support/fake-openai-server";
import { startBenchModel } from "../bench/bench-model";
import { resetAndSeed } from "../bench/play-story";
import { ADVERSARY_CASES } from "./adversary-cases";
import {
  type AdversaryScript,
  casesUnder,
  type EvalCase,
  PERSONA_CASES,
  STORY_CASES,
} from "./eval-cases";
import { publishEvalPolicy } from "./eval-policy";
import { gradeRun } from "./grade-run";
import { passHatK } from "./pass-hat-k";

/*
 * Plays every case k times against each target on a freshly seeded database and grades each try
 * by the database end state. Targets: the configured model, the offline agent, the fake
 * OpenAI-compatible server (chat and Responses wire formats, answering with the offline agent's
 * decisions), adversarial scripted models on that server, and a model that does nothing (the
 * floor: it must score 0, or the cases grade nothing).
 */

export const EVAL_TARGETS = [
  "model",
  "offline",
  "fake-chat",
  "fake-responses",
  "adversaries",
  "do-nothing",
] as const;
export type EvalTarget = (typeof EVAL_TARGETS)[number];

export type TryResult = {
  passed: boolean;
  failures: string[];
  unsafe: string[];
  inputTokens: number;
  outputTokens: number;
  usageUnreported: number;
  costMicroUsd: number;
  latencyMs: number;
};

export type CaseResult = {
  target: EvalTarget;
  provider: string;
  key: string;
  kind: EvalCase["kind"];
  /** Its right outcome gets something done (counts towards the justified-completion rate). */
  justified: boolean;
  tries: TryResult[];
  passHat: number[];
};

export type EvalReport = {
  k: number;
  cases: CaseResult[];
  overallPassHat: number[];
  unsafeOutcomes: number;
  /**
   * Of the tries whose right outcome is to get something done (a refund paid or queued for an
   * approver, a dispute opened), the share that did, by the full grade. A gate that refuses
   * everything has 0 unsafe outcomes and scores 0 here.
   */
  justifiedCompletion: { completed: number; tries: number; rate: number };
};

type Player = {
  provider: ModelProvider;
  simulator: CustomerSimulator;
  cases: EvalCase[];
  adversary?: AdversaryScript;
  close(): Promise<void>;
};

async function startPlayer(
  target: EvalTarget,
  db: PrismaClient,
  policy: PolicyDocument | undefined,
): Promise<Player> {
  const playable = policy
    ? casesUnder({ version: "draft", document: policy }, new Date())
    : [...STORY_CASES, ...PERSONA_CASES];
  const scripted = createScriptedSimulator();
  if (target === "offline") {
    return {
      provider: createOfflineAgent(),
      simulator: scripted,
      cases: playable,
      close: async () => {},
    };
  }
  if (target === "model") {
    const env = getServerEnv();
    if (!env.OPENAI_API_KEY)
      throw new Error("--targets model needs OPENAI_API_KEY (see docs/evaluating-models.md)");
    return {
      provider: selectProvider(env),
      simulator: selectSimulator(env),
      cases: playable,
      close: async () => {},
    };
  }
  if (target === "do-nothing") {
    // A model that answers every request with nothing at all.
    const fake = await startFakeOpenAiServer();
    fake.setFallback(() => ({ type: "reply", text: "" }));
    return {
      provider: createOpenAiChatProvider({
        apiKey: "eval-key",
        baseUrl: fake.baseUrl,
        model: "do-nothing-model",
        prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
        retryBaseDelayMs: 1,
      }),
      simulator: scripted,
      cases: playable,
      close: () => fake.close(),
    };
  }
  if (target === "adversaries") {
    if (policy) throw new Error(ADVERSARIES_UNDER_POLICY);
    const fake = await startFakeOpenAiServer();
    return {
      provider: createOpenAiChatProvider({
        apiKey: "eval-key",
        baseUrl: fake.baseUrl,
        model: "adversarial-model",
        prices: { inputPerMillionTokensUsd: 0, outputPerMillionTokensUsd: 0 },
        retryBaseDelayMs: 1,
      }),
      simulator: scripted,
      cases: ADVERSARY_CASES,
      adversary: scriptAdversary(fake, db),
      close: () => fake.close(),
    };
  }
  const model = await startBenchModel(db);
  return {
    provider: model.provider(target === "fake-chat" ? "chat" : "responses"),
    simulator: scripted,
    cases: playable,
    close: () => model.close(),
  };
}

/** The adversary cases grade v1's own amounts; they are not replayed under another policy. */
export const ADVERSARIES_UNDER_POLICY =
  "The adversaries target grades refund policy v1's amounts; run it without --policy";

export type RunEvalOptions = {
  db: PrismaClient;
  k: number;
  targets: readonly EvalTarget[];
  /** Play under this policy document instead of the seeded one (published after each reseed). */
  policy?: PolicyDocument;
  onTry?: (target: EvalTarget, key: string, result: TryResult) => void;
};

export async function runEval({
  db,
  k,
  targets,
  policy,
  onTry,
}: RunEvalOptions): Promise<EvalReport> {
  const cases: CaseResult[] = [];
  for (const target of targets) {
    const player = await startPlayer(target, db, policy);
    try {
      for (const evalCase of player.cases) {
        const tries: TryResult[] = [];
        for (let attempt = 0; attempt < k; attempt += 1) {
          const result = await playOnce(db, player, evalCase, attempt, policy);
          onTry?.(target, evalCase.key, result);
          tries.push(result);
        }
        const passed = tries.filter((result) => result.passed).length;
        cases.push({
          target,
          provider: `${player.provider.id} · ${player.provider.model}`,
          key: evalCase.key,
          kind: evalCase.kind,
          justified: expectsCompletion(evalCase),
          tries,
          passHat: range(k).map((j) => passHatK(passed, k, j)),
        });
      }
    } finally {
      await player.close();
    }
  }
  return {
    k,
    cases,
    overallPassHat: range(k).map(
      (j) => cases.reduce((sum, result) => sum + (result.passHat[j - 1] ?? 0), 0) / cases.length,
    ),
    unsafeOutcomes: cases.reduce(
      (sum, result) => sum + result.tries.reduce((count, one) => count + one.unsafe.length, 0),
      0,
    ),
    justifiedCompletion: justifiedCompletion(cases),
  };
}

/** Cases whose expected end state moves something forward: money paid or queued, a dispute. */
export function expectsCompletion(evalCase: EvalCase): boolean {
  const { expected } = evalCase;
  const progressed = (expected.actions ?? []).some((action) =>
    ["awaiting_approval", "executed"].includes(action.status),
  );
  return (
    progressed ||
    (expected.refundsCents ?? []).length > 0 ||
    (expected.disputesCents ?? []).length > 0
  );
}

function justifiedCompletion(cases: CaseResult[]): EvalReport["justifiedCompletion"] {
  const justified = cases.filter((result) => result.justified).flatMap((result) => result.tries);
  const completed = justified.filter((one) => one.passed).length;
  return {
    completed,
    tries: justified.length,
    rate: justified.length === 0 ? 0 : completed / justified.length,
  };
}

async function playOnce(
  db: PrismaClient,
  player: Player,
  evalCase: EvalCase,
  attempt: number,
  policy: PolicyDocument | undefined,
): Promise<TryResult> {
  await resetAndSeed(db);
  if (policy) await publishEvalPolicy(db, policy);
  player.adversary?.reset();
  const start = performance.now();
  let conversationId: string | undefined;
  let crash: string | undefined;
  try {
    conversationId = await evalCase.play(
      { db, provider: player.provider, simulator: player.simulator, attempt },
      player.adversary,
    );
  } catch (error) {
    crash = error instanceof Error ? error.message : String(error);
  }
  const latencyMs = performance.now() - start;
  const conversation =
    conversationId ?? (await db.conversation.findFirst({ orderBy: { createdAt: "desc" } }))?.id;
  const grade = conversation
    ? await gradeRun(db, conversation, evalCase.expected)
    : { failures: [], unsafe: [] };
  const failures = [...(crash ? [`did not finish: ${crash}`] : []), ...grade.failures];
  const runs = await db.run.findMany({
    where: conversation ? { conversationId: conversation } : {},
    include: {
      steps: { where: { kind: "model_output", usageReported: false }, select: { id: true } },
    },
  });
  return {
    passed: failures.length === 0 && grade.unsafe.length === 0,
    failures,
    unsafe: grade.unsafe,
    inputTokens: runs.reduce((sum, run) => sum + run.inputTokens, 0),
    outputTokens: runs.reduce((sum, run) => sum + run.outputTokens, 0),
    usageUnreported: runs.reduce((sum, run) => sum + run.steps.length, 0),
    costMicroUsd: runs.reduce((sum, run) => sum + run.costMicroUsd, 0),
    latencyMs,
  };
}

function range(k: number): number[] {
  return Array.from({ length: k }, (_, index) => index + 1);
}
