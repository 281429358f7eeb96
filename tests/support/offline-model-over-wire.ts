import { MERGED_TURN_SEPARATOR } from "@/lib/agent/model/merge-user-turns";
import { decideNextStep } from "@/lib/agent/model/offline-agent";
import type { ConversationState, TranscriptItem } from "@/lib/agent/model/provider";
import {
  STAFF_LABEL,
  STATE_NOTE_LABEL,
  SYSTEM_NOTE_LABEL,
} from "@/lib/agent/model/transcript-labels";
import type { FakeModelContext, ScriptedReply } from "./fake-openai-server";

type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content?: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

/*
 * A fake-server fallback that plays a competent model: it reads the request exactly as sent over
 * the wire (Chat Completions messages, or the Responses items the provider holds plus the new
 * ones), rebuilds the transcript and lets the offline agent's rules decide, so the stories run
 * through the real SDK, SSE parsing and tool-call plumbing.
 */
export function offlineModelOverWire(
  loadState: () => Promise<ConversationState>,
): (context: FakeModelContext) => Promise<ScriptedReply> {
  return async ({ request, fullInput }) => {
    const transcript =
      request.api === "chat"
        ? fromChatMessages(request.body.messages as ChatMessage[])
        : fromResponsesInput(fullInput as ResponsesItem[]);
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

type ResponsesItem = {
  type?: string;
  role?: "user" | "assistant";
  content?: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  output?: string;
};

// One user turn may hold several merged entries; the state note is read from the database instead.
function userItems(content: string, messageId: string): TranscriptItem[] {
  return content
    .split(MERGED_TURN_SEPARATOR)
    .filter((text) => !text.startsWith(STATE_NOTE_LABEL))
    .map((text, part) => userItem(text, `${messageId}_${part}`));
}

function userItem(text: string, messageId: string): TranscriptItem {
  if (text.startsWith(SYSTEM_NOTE_LABEL)) {
    return { kind: "system_note", text: text.slice(SYSTEM_NOTE_LABEL.length), messageId };
  }
  if (text.startsWith(STAFF_LABEL)) {
    return { kind: "staff", text: text.slice(STAFF_LABEL.length), messageId };
  }
  return { kind: "customer", text, messageId };
}

function fromResponsesInput(items: ResponsesItem[]): TranscriptItem[] {
  const transcript: TranscriptItem[] = [];
  const toolNames = new Map<string, string>();
  items.forEach((item, index) => {
    const id = `wire_${index}`;
    const last = transcript.at(-1);
    if (item.type === "function_call") {
      const call = {
        id: item.call_id ?? "",
        name: item.name ?? "",
        argumentsJson: item.arguments ?? "",
      };
      toolNames.set(call.id, call.name);
      if (last?.kind === "assistant") last.toolCalls.push(call);
      else transcript.push({ kind: "assistant", text: "", toolCalls: [call], stepId: id });
    } else if (item.type === "function_call_output") {
      const resultJson = item.output ?? "";
      transcript.push({
        kind: "tool_result",
        toolCallId: item.call_id ?? "",
        toolName: toolNames.get(item.call_id ?? "") ?? "",
        resultJson,
        isError: resultJson.startsWith('{"error"'),
        stepId: id,
      });
    } else if (item.role === "assistant") {
      transcript.push({ kind: "assistant", text: item.content ?? "", toolCalls: [], stepId: id });
    } else if (item.role === "user") {
      transcript.push(...userItems(item.content ?? "", id));
    }
  });
  return transcript;
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
        return userItems(text, messageId);
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
