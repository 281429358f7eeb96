/*
 * npm run bench:tokens: tokens each canonical story costs through the `chat` wire format versus
 * the `responses` delta mode (store + previous_response_id), counted with the o200k_base
 * tokenizer (gpt-4o / gpt-4.1 family) on exactly what the fake OpenAI-compatible server received.
 *
 * Input is the JSON text of what each request sends, in two parts: the fixed part (system
 * prompt or `instructions`, and the tool definitions, both re-sent on every request in both
 * modes) and the conversation (Chat `messages` other than the system one; Responses `input`
 * items, only those after the stored response). For the Responses mode the conversation the
 * provider holds (stored items plus the new ones) is counted too: the model still reads it, and
 * OpenAI bills it as input (cached or not). Output is the model's text plus each tool call's name
 * and arguments. Loopback only; bounded: every story once per mode, each on a fresh seed.
 */
import { countTokens } from "gpt-tokenizer";
import { DEMO_STORIES } from "@/lib/server/services/intake/demo-stories";
import type { ScriptedReply } from "@/tests/support/fake-openai-server";
import { testUseCaseContext } from "@/tests/support/test-use-case-context";
import { type ModelDecision, startBenchModel } from "./bench-model";
import { playStory, resetAndSeed } from "./play-story";
import { describeMachine, startBenchDatabase } from "./support";

type Tally = { requests: number; fixed: number; sent: number; held: number; output: number };
type Mode = "chat" | "responses";

const tokensOf = (value: unknown) => countTokens(JSON.stringify(value));

function outputTokens(reply: ScriptedReply): number {
  if (reply.type !== "reply") return 0;
  const calls = reply.toolCalls ?? [];
  return (
    countTokens(reply.text ?? "") +
    calls.reduce((sum, call) => sum + countTokens(call.name) + countTokens(call.arguments), 0)
  );
}

function count(tally: Tally, { context, reply }: ModelDecision) {
  const body = context.request.body;
  const tools = tokensOf(body.tools ?? []);
  tally.requests += 1;
  tally.output += outputTokens(reply);
  if (context.request.api === "chat") {
    const messages = body.messages as { role: string }[];
    const system = messages.filter((message) => message.role === "system");
    const conversation = messages.filter((message) => message.role !== "system");
    tally.fixed += tools + system.reduce((sum, message) => sum + tokensOf(message), 0);
    tally.sent += conversation.reduce((sum, message) => sum + tokensOf(message), 0);
    tally.held += conversation.reduce((sum, message) => sum + tokensOf(message), 0);
    return;
  }
  const input = (body.input as unknown[] | undefined) ?? [];
  tally.fixed += tools + (body.instructions ? tokensOf(body.instructions) : 0);
  tally.sent += input.reduce<number>((sum, item) => sum + tokensOf(item), 0);
  tally.held += context.fullInput.reduce<number>((sum, item) => sum + tokensOf(item), 0);
}

const empty = (): Tally => ({ requests: 0, fixed: 0, sent: 0, held: 0, output: 0 });
const db = await startBenchDatabase();
process.env.DATABASE_URL = db.url;
process.env.NEXTAUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.LOG_LEVEL ??= "warn";
let current = empty();
const model = await startBenchModel(db.prisma, (decision) => count(current, decision));
try {
  console.log(`Machine: ${describeMachine()}`);
  const results = new Map<string, Record<Mode, Tally>>();
  for (const story of DEMO_STORIES) {
    const byMode = { chat: empty(), responses: empty() };
    for (const mode of ["chat", "responses"] as const) {
      await resetAndSeed(db.prisma);
      current = byMode[mode];
      await playStory(
        story.key,
        testUseCaseContext({ db: db.prisma, model: model.provider(mode) }),
      );
    }
    results.set(`${story.number}. ${story.key}`, byMode);
  }

  const totals = { chat: empty(), responses: empty() };
  console.log(
    "\n| story | requests | chat input | responses input sent | saved | responses context held | output |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const row = (name: string, { chat, responses }: Record<Mode, Tally>) => {
    const chatInput = chat.fixed + chat.sent;
    const sent = responses.fixed + responses.sent;
    const saved = chatInput === 0 ? 0 : (100 * (chatInput - sent)) / chatInput;
    console.log(
      `| ${name} | ${chat.requests} / ${responses.requests} | ${chatInput} | ${sent} | ${saved.toFixed(0)}% | ${responses.fixed + responses.held} | ${chat.output} / ${responses.output} |`,
    );
  };
  for (const [name, byMode] of results) {
    row(name, byMode);
    for (const mode of ["chat", "responses"] as const) {
      for (const key of Object.keys(totals[mode]) as (keyof Tally)[]) {
        totals[mode][key] += byMode[mode][key];
      }
    }
  }
  row("**total**", totals);
  const { chat, responses } = totals;
  const conversationSaved = (100 * (chat.sent - responses.sent)) / chat.sent;
  console.log(
    `\nRe-sent on every request in both modes (system prompt or instructions, tools): chat ${chat.fixed}, responses ${responses.fixed} tokens.`,
  );
  console.log(
    `The conversation itself: chat ${chat.sent}, responses ${responses.sent} tokens sent (${conversationSaved.toFixed(0)}% less).`,
  );
} finally {
  await model.close();
  await db.stop();
}
