// The one interface every model sits behind: the OpenAI-compatible providers and the offline agent
// yield the same typed events, so the turn loop never knows which one it is talking to.

import type { CustomerIntentNote } from "@/lib/domain/customer-intent-note";
import type { ConversationLanguage } from "@/lib/domain/languages";

export type ToolCallRequest = {
  id: string;
  name: string;
  argumentsJson: string;
};

// The conversation as the model sees it, rebuilt from Postgres (messages + run steps) on every step.
export type TranscriptItem =
  | { kind: "customer"; text: string; messageId: string }
  | { kind: "staff"; text: string; messageId: string }
  | { kind: "system_note"; text: string; messageId: string; facts?: SystemNoteFacts }
  | { kind: "assistant"; text: string; toolCalls: ToolCallRequest[]; stepId: string }
  | {
      kind: "tool_result";
      toolCallId: string;
      toolName: string;
      resultJson: string;
      isError: boolean;
      stepId: string;
    };

/**
 * What a system note records, as data, when the server wrote it about a customer message: the
 * classified intent, or a quote it showed the customer again. Real models read the note's text,
 * which says the same; the offline agent reads only this, so text that merely looks like such a
 * note (typed by anyone) decides nothing.
 */
export type SystemNoteFacts =
  | ({ kind: "customer_intent" } & CustomerIntentNote)
  | { kind: "quote_shown"; actionId: string };

export type ToolSpec = {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
};

// Server-owned facts about the conversation at the moment of the call. Real models read them in
// the system prompt; the offline agent reads them structured.
export type ActionSnapshot = {
  id: string;
  status: string;
  orderNumber: string;
  lineNames: string[];
  reason: string;
  netRefundCents: number;
  currency: string;
  needsApproval: boolean;
  quoteMarkdown: string;
  // One sentence per line with a return fee, naming the rate and the amount.
  returnFees: string[];
  updatedAt: string;
  // The staff countersignature, once made. A rejection's note is the reason the agent must pass
  // on to the customer, so it travels as data rather than only as free text in the thread.
  decision: ActionDecision | null;
  // The payment provider's state of the action's refund once one was made (pending, succeeded,
  // failed…): only "succeeded" means the money reached the customer.
  refundState: string | null;
};

export type ActionDecision = {
  kind: "approved" | "rejected";
  note: string | null;
  deciderName: string;
};

export type ConversationState = {
  conversationId: string;
  channel: "chat" | "email";
  customerName: string;
  customerEmail: string;
  /** The customer's language as detected or chosen; null code until known. */
  language: ConversationLanguage;
  // Newest first.
  actions: ActionSnapshot[];
  /** Photos the customer sent in this conversation (absent where a caller does not read them). */
  customerPhotos?: number;
};

export type ModelRequest = {
  // Static across requests (identity, rules), so provider prompt caches can keep it.
  system: string;
  transcript: TranscriptItem[];
  // The server's current facts, sent after the transcript (see buildStateNote).
  stateNote?: string;
  tools: ToolSpec[];
  state: ConversationState;
  signal: AbortSignal;
  // Responses API only: the stored response the transcript continues from.
  previousResponseId?: string;
};

export type FinishReason = "stop" | "tool_calls" | "length" | "content_filter" | "other";

export type ModelEvent =
  | { type: "text_delta"; text: string }
  | { type: "reasoning_summary"; text: string }
  // A call as far as it has arrived, sent again as its arguments grow; only live previews read
  // it (the complete call follows as `tool_call`). `position` tells the calls of a step apart.
  | { type: "tool_call_progress"; position: number; name: string; argumentsJson: string }
  | { type: "tool_call"; call: ToolCallRequest }
  // Only when the server reported usage; many compatible servers send none, and "none" must not
  // read as zero tokens.
  | { type: "usage"; inputTokens: number; outputTokens: number }
  | { type: "finish"; reason: FinishReason; responseId?: string }
  // The server broke off its answer with an error event; everything since the request is void and
  // the request is asked again (nothing of a model step is kept before it finishes).
  | { type: "restart"; reason: string };

export type ModelProvider = {
  // Recorded on every run and step so the UI can say which model handled what.
  id: "openai-chat" | "openai-responses" | "offline";
  model: string;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
  costMicroUsd(usage: { inputTokens: number; outputTokens: number }): number;
};

// Thrown by a provider when the request failed for good (after its retries); the loop records it.
export class ModelProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ModelProviderError";
  }
}

// An error event the server sent inside a started stream (after HTTP 200): nothing is stored
// before a step finishes, so the request can be asked again (see retryBeforeFirstEvent).
export class ModelStreamError extends ModelProviderError {
  constructor(message: string) {
    super(message, true);
    this.name = "ModelStreamError";
  }
}
