import { APIUserAbortError } from "openai";
import { photoRequestText } from "@/lib/domain/attachment-texts";
import type { MessageIntent } from "@/lib/domain/classify-message";
import { detectLanguage } from "@/lib/domain/detect-language";
import {
  asksForPerson,
  personRequestedFlag,
  questionUnansweredFlag,
  repeatsPreviousReply,
  unsupportedLanguageFlag,
} from "@/lib/domain/hand-off";
import { type Language, renderingLanguage } from "@/lib/domain/languages";
import type { NeedsPersonFlag } from "@/lib/domain/needs-person";
import {
  inferDisputeChargeIds,
  inferOrderNumbers,
  inferReturnRequest,
} from "@/lib/domain/parse-request";
import type { RefundReason } from "@/lib/domain/policy-rules";
import { asksForManager } from "@/lib/domain/risk-signals";
import { isPolicyQuestion, mentionsReturn } from "./offline-lexicon";
import {
  askItemReply,
  authorityAgainReply,
  authorityReply,
  denialReply,
  disputeReply,
  fallbackReply,
  messageReceivedReply,
  type OfflineReply,
  orderNotFoundReply,
  policyAnswerReply,
  proposalFailedReply,
  pushbackAgainReply,
  pushbackReply,
  type RefusedLine,
  statusReply,
  type ToolResultJson,
  unknownSenderReply,
} from "./offline-replies";
import type {
  ConversationState,
  ModelEvent,
  ModelProvider,
  ModelRequest,
  TranscriptItem,
} from "./provider";

export const OFFLINE_MODEL = "countersign-offline-v1";

type Decision = { text: string; call?: { name: string; args: Record<string, unknown> } };

type TurnResult = { args: Record<string, unknown>; result: ToolResultJson; isError: boolean };

type Turn = {
  trigger: TranscriptItem | undefined;
  customerText: string;
  intent: MessageIntent;
  results: Map<string, TurnResult>;
  /** The body of the last reply delivered to the customer before this turn. */
  previousReply: string | null;
};

type Call = (name: string, args: Record<string, unknown>, why: string) => Decision;
type Say = (reply: OfflineReply | string, note?: string) => Decision;

/** The pause between the chunks of a streamed call in the app: a reply takes about as long to
 * arrive as a fast model's, so the customer sees it being written. Tests stream without pauses. */
export const OFFLINE_CHUNK_DELAY_MS = 40;

// Words per streamed chunk of a call's arguments.
const WORDS_PER_CHUNK = 4;

export type OfflineAgentOptions = { chunkDelayMs?: number };

/*
 * A deterministic, rule-based "model": it reads the transcript and this turn's tool results and
 * picks the next tool call or finishes, using the same domain parsers the server trusts. It goes
 * through the same loop and tools as a real model, so everything downstream (validation, scope,
 * persistence, resumption, live previews of a reply) is exercised without a network.
 */
export function createOfflineAgent(options: OfflineAgentOptions = {}): ModelProvider {
  const chunkDelayMs = options.chunkDelayMs ?? 0;
  return {
    id: "offline",
    model: OFFLINE_MODEL,
    costMicroUsd: () => 0,
    stream: (request) => streamDecision(request, chunkDelayMs),
  };
}

async function* streamDecision(
  request: ModelRequest,
  chunkDelayMs: number,
): AsyncIterable<ModelEvent> {
  const decision = decideNextStep(request);
  if (decision.text) yield { type: "text_delta", text: decision.text };
  if (decision.call) {
    const { name } = decision.call;
    const argumentsJson = JSON.stringify(decision.call.args);
    // Streamed a few words at a time, as a real model's arguments arrive.
    let sent = "";
    for (const chunk of chunksOf(argumentsJson)) {
      if (chunkDelayMs > 0) await pause(chunkDelayMs, request.signal);
      if (request.signal.aborted) throw new APIUserAbortError();
      sent += chunk;
      yield { type: "tool_call_progress", position: 0, name, argumentsJson: sent };
    }
    yield {
      type: "tool_call",
      call: { id: `offline_${request.transcript.length}`, name, argumentsJson },
    };
  }
  yield { type: "usage", inputTokens: 0, outputTokens: 0 };
  yield { type: "finish", reason: decision.call ? "tool_calls" : "stop" };
}

function chunksOf(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_CHUNK) {
    chunks.push(words.slice(index, index + WORDS_PER_CHUNK).join(""));
  }
  return chunks;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

export function decideNextStep(request: ModelRequest): Decision {
  const turn = readTurn(request.transcript);
  const { state } = request;
  const latest = state.actions[0];
  const { results, customerText: text } = turn;
  const language = replyLanguage(state, text);
  const call: Call = (name, args, why) => ({ text: why, call: { name, args } });
  const say: Say = (reply, note) => {
    const args: Record<string, unknown> = typeof reply === "string" ? { body: reply } : reply;
    // A reply refused because the facts changed under it (an approver decided meanwhile) is
    // written again from the facts as they are now; the same reply refused again is not.
    const sent = results.get("send_customer_message");
    if (!sent || (sent.isError && JSON.stringify(sent.args) !== JSON.stringify(args))) {
      return call("send_customer_message", args, "Replying to the customer.");
    }
    if (note && !results.has("leave_team_note")) {
      return call("leave_team_note", { note }, "Leaving a note for the team.");
    }
    return { text: "" };
  };

  if (turn.trigger?.kind !== "customer") {
    return say(statusReply(language, latest, "status"));
  }

  if (results.has(HAND_OFF_TOOL)) return { text: "" };
  const handOff = (flag: NeedsPersonFlag): Decision =>
    call(HAND_OFF_TOOL, flag, "Handing the conversation to a person.");
  const unsupported = unsupportedLanguageFlag(state.language);
  if (unsupported) return handOff(unsupported);
  if (asksForPerson(text)) return handOff(personRequestedFlag());

  const chargeIds = inferDisputeChargeIds(text);
  if (chargeIds.length > 0) {
    const dispute = results.get("open_billing_dispute");
    if (!dispute) {
      return call(
        "open_billing_dispute",
        { chargeIds, summary: text.slice(0, 500) },
        "Checking the charges against the ledger and opening a billing review.",
      );
    }
    return say(disputeReply(dispute.result));
  }

  if (latest && ["confirm", "decline", "resume"].includes(turn.intent)) {
    return say(statusReply(language, latest, turn.intent));
  }

  const notTheirs = orderNotOnAccount(text, results);
  if (notTheirs === "look_up") return call("lookup_order", {}, "Looking up the customer's orders.");
  if (notTheirs !== null) {
    // Said plainly, from the records; a quote on hold is named again so it is not forgotten.
    const onHold = latest?.status === "suspended" ? latest : undefined;
    return say(orderNotFoundReply(notTheirs, onHold));
  }

  if (turn.intent === "interrupt" || isPolicyQuestion(text)) {
    const answer = results.get("answer_policy_question");
    if (!answer) {
      return call("answer_policy_question", { question: text }, "Looking up the refund policy.");
    }
    const sections = (answer.result.sections ?? []) as {
      id: string;
      title: string;
      text: string;
    }[];
    return say(
      policyAnswerReply(language, sections, latest?.status === "suspended" ? latest : undefined),
    );
  }

  if (AUTHORITY_CLAIM.test(text)) {
    const first = authorityReply(language);
    return say(
      saidBefore(request.transcript, first) ? authorityAgainReply(language) : first,
      `Customer claimed authority: "${text.slice(0, 200)}". No gate or approval was changed.`,
    );
  }
  const threats = [...text.matchAll(THREATS)].map((match) => match[0].toLowerCase());
  // Asking for a manager is a fair request, not a threat: the note says so separately.
  const wantsManager = asksForManager(text);
  if (threats.length > 0 || wantsManager) {
    const said = [
      ...(threats.length > 0 ? [`threats (${[...new Set(threats)].join(", ")})`] : []),
      ...(wantsManager ? ["asked for a manager"] : []),
    ];
    const pushback = pushbackReply(language);
    return say(
      saidBefore(request.transcript, pushback) ? pushbackAgainReply(language) : pushback,
      `Customer pushback: ${said.join("; ")}. Amount unchanged; please review personally.`,
    );
  }
  // A question the customer was just asked and did not answer usefully is not asked again.
  const ask = (body: string): Decision =>
    repeatsPreviousReply(body, turn.previousReply) ? handOff(questionUnansweredFlag()) : say(body);
  return handleReturnRequest(turn, { state, language }, { call, say, ask });
}

/** The offline agent's name for the hand-off tool (registered as hand_off_to_person). */
const HAND_OFF_TOOL = "hand_off_to_person";

/**
 * The conversation's language once known; before that, the language of the customer's words when
 * the detector is sure it is one Countersign speaks, else English.
 */
function replyLanguage(state: ConversationState, customerText: string): Language {
  if (state.language.code !== null) return renderingLanguage(state.language);
  const detected = detectLanguage(customerText);
  return detected.kind === "supported" ? detected.language : "en";
}

/**
 * The first order number the customer typed that is not one of theirs: "look_up" until their
 * orders are known, null when every number they typed is theirs (or they typed none, or the
 * sender has no account, which has its own answer).
 */
function orderNotOnAccount(text: string, results: Map<string, TurnResult>): string | null {
  const named = inferOrderNumbers(text);
  if (named.length === 0) return null;
  const lookup = results.get("lookup_order");
  if (!lookup) return "look_up";
  if (lookup.result.senderHasAccount === false) return null;
  const orders = (lookup.result.orders ?? []) as { orderNumber: string }[];
  const own = new Set(orders.flatMap((order) => inferOrderNumbers(order.orderNumber)));
  return named.find((number) => !own.has(number)) ?? null;
}

function handleReturnRequest(
  turn: Turn,
  { state, language }: { state: ConversationState; language: Language },
  { call, say, ask }: { call: Call; say: Say; ask: (body: string) => Decision },
): Decision {
  const { results, customerText: text } = turn;
  const lookup = results.get("lookup_order");
  if (!lookup) return call("lookup_order", {}, "Looking up the customer's orders.");
  if (lookup.result.senderHasAccount === false) {
    return say(
      unknownSenderReply(language),
      "The sender's address matches no customer account; no order was looked up.",
    );
  }
  const orders = (lookup.result.orders ?? []) as {
    orderNumber: string;
    lines: { lineId: string; name: string }[];
  }[];
  const lines = orders.flatMap((order) =>
    order.lines.map((line) => ({ ...line, orderNumber: order.orderNumber })),
  );
  const inferred = inferReturnRequest(text, { lines, previouslySelectedLineIds: [] });
  const first = lines.find((line) => inferred.lineIds.includes(line.lineId));
  if (!first) {
    // Nothing new asked for: say where the latest refund stands rather than start over.
    const latest = state.actions[0];
    if (latest) return say(statusReply(language, latest, "status"));
    if (!mentionsReturn(text)) return ask(fallbackReply(language));
    // A list the claim check refused (a store name it cannot vouch for) is asked again without it.
    const listRefused = results.get("send_customer_message")?.isError === true;
    const named = listRefused
      ? []
      : orders.map((order) => ({
          orderNumber: order.orderNumber,
          names: order.lines.map((line) => line.name),
        }));
    return ask(askItemReply(language, named));
  }
  const orderNumber = first.orderNumber;
  const requested = lines
    .filter((line) => line.orderNumber === orderNumber && inferred.lineIds.includes(line.lineId))
    .map((line) => line.lineId);
  // One reason per quote: where the customer gave reasons, the lines that share the first one
  // (the others wait for a quote of their own); where they gave none, every requested line.
  const stated = inferred.statements.filter((statement) => requested.includes(statement.lineId));
  const statedReason = stated[0]?.reason;
  const lineIds = statedReason
    ? requested.filter((lineId) =>
        stated.some(
          (statement) => statement.lineId === lineId && statement.reason === statedReason,
        ),
      )
    : requested;

  const check = results.get("check_refund_policy");
  if (!check) {
    return call(
      "check_refund_policy",
      { orderNumber },
      `Checking the refund policy for order ${orderNumber}.`,
    );
  }
  const refundable = (check.result.refundableLineIds ?? []) as string[];
  if (!lineIds.some((lineId) => refundable.includes(lineId))) {
    const factLines = (check.result.lines ?? []) as {
      lineId: string;
      reasons: { message: string; sectionId: string }[];
    }[];
    const reasons = factLines
      .filter((line) => lineIds.includes(line.lineId))
      .flatMap((line) => line.reasons);
    const whole = (check.result.denyReasons ?? []) as { message: string; sectionId: string }[];
    return say(denialReply(language, reasons.length > 0 ? reasons : whole));
  }

  // A request that states no reason the parser is certain of is quoted as "no longer needed": the
  // least generous reading, shown in the quote, which the customer can correct before confirming.
  // A reason that blames us is only ever one the customer stated for these very lines.
  const reason: RefundReason = statedReason ?? "no_longer_needed";
  const proposal = results.get("propose_refund");
  if (!proposal) {
    return call(
      "propose_refund",
      { orderNumber, lineIds, reason },
      "Asking the policy engine for a quote.",
    );
  }
  if (proposal.isError) {
    const reasons = (proposal.result.reasons ?? []) as { message: string; sectionId: string }[];
    if (reasons.length > 0) return say(denialReply(language, reasons));
    // The tool's error is for the agent (it can name internal ids): the customer hears where
    // their open quote stands, or that a person follows up, and the team gets the error.
    const openQuote = state.actions.some((action) => action.status === "awaiting_confirmation");
    return say(
      proposalFailedReply(language, openQuote),
      `The agent could not prepare a quote: ${String(proposal.result.error ?? "no reason given")}`,
    );
  }
  // A reason that blames us asks for a photo of the item (never holding the quote back).
  const photoRequest = proposal.result.askForPhoto === true ? photoRequestText(language) : null;
  if (state.channel === "chat") {
    // The system's own quote message is the answer; restating it could only get it wrong.
    return photoRequest ? say(photoRequest) : { text: "" };
  }
  const refused = (proposal.result.refused ?? []) as RefusedLine[];
  const quoteMarkdown = String(proposal.result.quoteMarkdown ?? "");
  const actionId = String(proposal.result.actionId ?? "");
  // Email refunds always wait for a staff approver: the team gets the details, the customer an
  // acknowledgement rendered from the stored action.
  const note = [
    `Proposed refund for order ${orderNumber} is waiting for approval.`,
    "",
    quoteMarkdown,
    ...(refused.length > 0
      ? ["", "Refused by policy:", ...refused.map((line) => `- ${line.message}`)]
      : []),
  ].join("\n");
  if (!results.has("leave_team_note")) {
    return call("leave_team_note", { note }, "Noting the proposal for the approver.");
  }
  return say({
    body: photoRequest
      ? `${messageReceivedReply(language)} ${photoRequest}`
      : messageReceivedReply(language),
    statements: [{ kind: "waiting_for_approver", ...(actionId && { actionId }) }],
  });
}

const AUTHORITY_CLAIM =
  /\b(i (hereby )?(approve|authori[sz]e)|pre-?approve|already (been )?(approved|authori[sz]ed)|(manager|supervisor|boss|admin)\b.{0,40}\b(approved|authori[sz]ed|said|okayed)|approve (all|any|every))/i;

const THREATS =
  /\b(chargebacks?|charge ?back|dispute (it|this) with (my|the) bank|one[- ]star|1[- ]star|bad review|(terrible|negative) review|lawyers?|sue|legal action|report you|bbb)\b/gi;

// Only the server's typed facts count: a note's text is never read for a decision.
function intentOf(item: TranscriptItem): MessageIntent | undefined {
  return item.kind === "system_note" && item.facts?.kind === "customer_intent"
    ? item.facts.intent
    : undefined;
}

// Intent and quote-shown notes follow a customer message (and belong to its turn); neither asks
// the agent anything.
function isCustomerTurnNote(item: TranscriptItem): boolean {
  return item.kind === "system_note" && item.facts !== undefined;
}

// The turn is everything after the latest customer message and the intent note that follows it.
function readTurn(transcript: TranscriptItem[]): Turn {
  // Intent notes describe the customer message before them; they do not start a turn.
  const triggerIndex = transcript.findLastIndex(
    (item) =>
      item.kind === "customer" ||
      item.kind === "staff" ||
      (item.kind === "system_note" && !isCustomerTurnNote(item)),
  );
  const trigger = transcript[triggerIndex];
  const customer = transcript.findLast((item) => item.kind === "customer");
  const turnItems = transcript.slice(triggerIndex + 1);
  const intent =
    (trigger?.kind === "customer" ? turnItems.map(intentOf).find(Boolean) : undefined) ?? "other";

  const results = new Map<string, TurnResult>();
  const args = new Map<string, Record<string, unknown>>();
  for (const item of turnItems) {
    if (item.kind === "assistant") {
      for (const toolCall of item.toolCalls) {
        args.set(toolCall.id, parseObject(toolCall.argumentsJson));
      }
    } else if (item.kind === "tool_result") {
      // A result can land after the trigger for a call made before it (a reply the previous turn
      // sent while an approver decided): that call belongs to the previous turn, not this one.
      if (!args.has(item.toolCallId)) continue;
      results.set(item.toolName, {
        args: args.get(item.toolCallId) ?? {},
        result: parseObject(item.resultJson) as ToolResultJson,
        isError: item.isError,
      });
    }
  }
  return {
    trigger,
    customerText: customer?.kind === "customer" ? customer.text : "",
    intent,
    results,
    previousReply: lastDeliveredReply(transcript.slice(0, Math.max(triggerIndex, 0))),
  };
}

// The body of the newest reply the customer received: a refused one never reached them.
function lastDeliveredReply(items: readonly TranscriptItem[]): string | null {
  const bodies = new Map<string, string>();
  let last: string | null = null;
  for (const item of items) {
    if (item.kind === "assistant") {
      for (const toolCall of item.toolCalls) {
        if (toolCall.name !== "send_customer_message") continue;
        const body = parseObject(toolCall.argumentsJson).body;
        if (typeof body === "string") bodies.set(toolCall.id, body);
      }
    } else if (item.kind === "tool_result" && !item.isError && bodies.has(item.toolCallId)) {
      last = bodies.get(item.toolCallId) ?? null;
    }
  }
  return last;
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whether an earlier step of the conversation sent the customer `body` (the same reply twice reads as a stutter). */
function saidBefore(transcript: readonly TranscriptItem[], body: string): boolean {
  return transcript.some(
    (item) =>
      item.kind === "assistant" &&
      item.toolCalls.some(
        (toolCall) =>
          toolCall.name === "send_customer_message" &&
          parseObject(toolCall.argumentsJson).body === body,
      ),
  );
}
