import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadConversationState } from "@/lib/server/services/runs/load-conversation-state";
import { loadTranscript } from "@/lib/server/services/runs/load-transcript";
import { startFakeOpenAiServer } from "@/tests/support/fake-openai-server";
import { offlineModelOverWire } from "@/tests/support/offline-model-over-wire";
import { drawModelDelayMs, type ModelCall, type ModelDelay } from "./peak-figures";

/*
 * The model of bench:peak: the test suite's fake OpenAI-compatible server on loopback, answering
 * each request with the offline agent's decision for the conversation it is about, after a delay
 * drawn per call (the model's thinking time). Many conversations are served at once, so the
 * conversation is found in the request itself: the state note the server sends on every request
 * names the verified customer's email, and every bench customer has an email of their own.
 */

export type PeakModel = {
  baseUrl: string;
  /** The model calls made for each customer, by email. */
  callsOf(email: string): ModelCall[];
  /** Requests that named no bench customer: a bench fault, counted as errors. */
  unmatchedRequests(): number;
  close(): Promise<void>;
};

// As buildStateNote writes it: "Customer: Name <email> (verified)."
const VERIFIED_CUSTOMER = /<([^<>\s"\\]+@[^<>\s"\\]+)> \(verified\)/g;

export async function startPeakModel(
  statePrisma: PrismaClient,
  delay: ModelDelay,
  conversationOf: (email: string) => string | undefined,
): Promise<PeakModel> {
  const fake = await startFakeOpenAiServer();
  const calls = new Map<string, ModelCall[]>();
  let unmatched = 0;
  fake.setFallback(async (context) => {
    const arrivedAt = performance.now();
    // The newest state note is the last one in the request.
    const email = [...JSON.stringify(context.request.body).matchAll(VERIFIED_CUSTOMER)].at(-1)?.[1];
    const conversationId = email === undefined ? undefined : conversationOf(email);
    if (email === undefined || conversationId === undefined) {
      unmatched += 1;
      return { type: "error", status: 400, message: "bench:peak: no bench customer named" };
    }
    const delayMs = drawModelDelayMs(delay, Math.random);
    const decide = offlineModelOverWire(async () => {
      const [state, transcript] = await Promise.all([
        loadConversationState(statePrisma, conversationId),
        loadTranscript(statePrisma, conversationId),
      ]);
      return { state, transcript };
    });
    // The decision is made while the delay runs: the model's time is the delay, not the reads.
    const [reply] = await Promise.all([decide(context), sleep(delayMs)]);
    const call = { arrivedAt, delayMs, answeredAt: performance.now() };
    calls.set(email, [...(calls.get(email) ?? []), call]);
    return reply;
  });
  return {
    baseUrl: fake.baseUrl,
    callsOf: (email) => calls.get(email) ?? [],
    unmatchedRequests: () => unmatched,
    close: () => fake.close(),
  };
}
