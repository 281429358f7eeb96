import "server-only";
import { DEFAULT_OPENAI_MODEL } from "@/lib/agent/model/select-provider";
import { createModelSimulator } from "@/lib/agent/simulator/model-simulator";
import {
  type CustomerSimulator,
  createScriptedSimulator,
  isPersonaKey,
  MAX_PERSONA_REPLIES,
  PERSONAS,
  type TranscriptLine,
} from "@/lib/agent/simulator/personas";
import { AppError } from "@/lib/errors/app-error";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ServerEnv } from "@/lib/server/env";
import {
  type IntakeContext,
  postCustomerMessage,
} from "@/lib/server/services/intake/post-customer-message";

export type RunPersonaResult = {
  persona: string;
  simulator: string;
  replies: { text: string; messageId: string; runId: string | null; outcome: unknown }[];
  /** The persona said it was done before the reply limit. */
  finished: boolean;
};

/** The configured model when there is a key, the scripted personas otherwise. */
export function selectSimulator(
  env: Pick<
    ServerEnv,
    | "OPENAI_API_KEY"
    | "OPENAI_BASE_URL"
    | "OPENAI_MODEL"
    | "OPENAI_API_MODE"
    | "OPENAI_PRICE_INPUT_PER_MTOK"
    | "OPENAI_PRICE_OUTPUT_PER_MTOK"
  >,
): CustomerSimulator {
  if (!env.OPENAI_API_KEY) return createScriptedSimulator();
  return createModelSimulator({
    apiKey: env.OPENAI_API_KEY,
    baseUrl: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
    apiMode: env.OPENAI_API_MODE,
    prices: {
      inputPerMillionTokensUsd: env.OPENAI_PRICE_INPUT_PER_MTOK ?? 0,
      outputPerMillionTokensUsd: env.OPENAI_PRICE_OUTPUT_PER_MTOK ?? 0,
    },
  });
}

/*
 * Lets a persona talk to the agent on a conversation: at most three customer messages, each
 * written from the customer-visible transcript, each posted through the customer's own path
 * (marked simulated) and answered by the agent before the next. What the persona's model spent
 * is added to the run that answered it, so the ticket's cost is the whole exchange's.
 */
export async function runPersona(
  input: {
    conversationId: string;
    persona: string;
    maxReplies?: number;
    /** Who writes the customer's messages (selectSimulator, or a test's). */
    simulator: CustomerSimulator;
  },
  context: IntakeContext,
): Promise<RunPersonaResult> {
  const { db } = context;
  if (!isPersonaKey(input.persona)) {
    throw new AppError(
      "VALIDATION_FAILED",
      `No persona ${input.persona}; choose one of ${Object.keys(PERSONAS).join(", ")}`,
      { errors: [{ path: "persona", message: "unknown persona" }] },
    );
  }
  const persona = PERSONAS[input.persona];
  const conversation = await db.conversation.findUnique({ where: { id: input.conversationId } });
  if (!conversation) throw new AppError("NOT_FOUND", `No conversation ${input.conversationId}`);
  const { simulator } = input;
  const limit = Math.min(input.maxReplies ?? MAX_PERSONA_REPLIES, MAX_PERSONA_REPLIES);

  const replies: RunPersonaResult["replies"] = [];
  for (let turn = 0; turn < limit; turn += 1) {
    const transcript = await customerVisibleTranscript(db, conversation.id);
    const next = await simulator.nextMessage(persona, transcript);
    if (!next.text)
      return { persona: persona.key, simulator: simulator.name, replies, finished: true };
    // A chat persona speaks in the customer's live session, so its "yes" can confirm a quote.
    const session = await db.customerSession.findFirst({
      where: { conversationId: conversation.id, endedAt: null },
      orderBy: { lastSeenAt: "desc" },
      select: { id: true },
    });
    const posted = await postCustomerMessage(
      {
        conversationId: conversation.id,
        text: next.text,
        simulated: true,
        ...(session && { sessionId: session.id }),
      },
      context,
    );
    const outcome = await posted.completion;
    if (posted.runId && next.inputTokens + next.outputTokens > 0) {
      await db.run.update({
        where: { id: posted.runId },
        data: {
          inputTokens: { increment: next.inputTokens },
          outputTokens: { increment: next.outputTokens },
          costMicroUsd: { increment: simulator.costOf(next) },
        },
      });
    }
    replies.push({ text: next.text, messageId: posted.messageId, runId: posted.runId, outcome });
  }
  return { persona: persona.key, simulator: simulator.name, replies, finished: false };
}

async function customerVisibleTranscript(
  db: PrismaClient,
  conversationId: string,
): Promise<TranscriptLine[]> {
  const messages = await db.message.findMany({
    where: { conversationId, visibility: "customer" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { authorKind: true, body: true },
  });
  return messages.map((message) => ({
    from: message.authorKind === "customer" ? "customer" : "agent",
    text: message.body,
  }));
}
