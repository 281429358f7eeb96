import { decideNextStep } from "@/lib/agent/model/offline-agent";
import type { ConversationState, TranscriptItem } from "@/lib/agent/model/provider";
import type { FakeModelContext, ScriptedReply } from "./fake-openai-server";

type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

const STAFF_PREFIX = "[Message from support staff] ";
const NOTE_PREFIX = "[System note, not from the customer] ";

/*
 * A fake-server fallback that plays a competent model: it reads the Chat Completions request
 * exactly as sent over the wire, rebuilds the transcript from it and lets the offline agent's
 * rules decide, so the stories run through the real SDK, SSE parsing and tool-call plumbing.
 */
export function offlineModelOverWire(
  loadState: () => Promise<ConversationState>,
): (context: FakeModelContext) => Promise<ScriptedReply> {
  return async ({ request }) => {
    if (request.api !== "chat")
      throw new Error("offlineModelOverWire speaks Chat Completions only");
    const transcript = fromChatMessages(request.body.messages as ChatMessage[]);
    const decision = decideNextStep({
      system: "",
      transcript,
      tools: [],
      state: await loadState(),
      signal: new AbortController().signal,
    });
    return {
      type: "reply",
      text: decision.text,
      toolCalls: decision.call
        ? [{ name: decision.call.name, arguments: JSON.stringify(decision.call.args) }]
        : [],
    };
  };
}

function fromChatMessages(messages: ChatMessage[]): TranscriptItem[] {
  const toolNames = new Map<string, string>();
  return messages.flatMap((message, index): TranscriptItem[] => {
    const text = message.content ?? "";
    const messageId = `wire_${index}`;
    switch (message.role) {
      case "system":
        return [];
      case "user":
        if (text.startsWith(NOTE_PREFIX)) {
          return [{ kind: "system_note", text: text.slice(NOTE_PREFIX.length), messageId }];
        }
        if (text.startsWith(STAFF_PREFIX)) {
          return [{ kind: "staff", text: text.slice(STAFF_PREFIX.length), messageId }];
        }
        return [{ kind: "customer", text, messageId }];
      case "assistant": {
        const toolCalls = (message.tool_calls ?? []).map((call) => {
          toolNames.set(call.id, call.function.name);
          return { id: call.id, name: call.function.name, argumentsJson: call.function.arguments };
        });
        return [{ kind: "assistant", text, toolCalls, stepId: messageId }];
      }
      default: {
        const toolCallId = message.tool_call_id ?? "";
        return [
          {
            kind: "tool_result",
            toolCallId,
            toolName: toolNames.get(toolCallId) ?? "",
            resultJson: text,
            isError: text.startsWith('{"error"'),
            stepId: messageId,
          },
        ];
      }
    }
  });
}
