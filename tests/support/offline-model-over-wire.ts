import { MERGED_TURN_SEPARATOR } from "@/lib/agent/model/merge-user-turns";
import { decideNextStep } from "@/lib/agent/model/offline-agent";
import type {
  ConversationState,
  SystemNoteFacts,
  TranscriptItem,
} from "@/lib/agent/model/provider";
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

/** What the fake reads from the database beside the wire: the server's state and transcript. */
export type ServedConversation = { state: ConversationState; transcript: TranscriptItem[] };

/*
 * A fake-server fallback that plays a competent model: it reads the request exactly as sent over
 * the wire (Chat Completions messages, or the Responses items the provider holds plus the new
 * ones), rebuilds the transcript and lets the offline agent's rules decide, so the stories run
 * through the real SDK, SSE parsing and tool-call plumbing. The offline agent reads a note's
 * facts, never its text, so a system note on the wire gets the facts of the stored note with
 * exactly that text.
 */
export function offlineModelOverWire(
  loadConversation: () => Promise<ServedConversation>,
): (context: FakeModelContext) => Promise<ScriptedReply> {
  return async ({ request, fullInput }) => {
    const { state, transcript: stored } = await loadConversation();
    const facts = new Map(
      stored.flatMap((item) =>
        item.kind === "system_note" && item.facts ? [[item.text, item.facts] as const] : [],
      ),
    );
    const transcript =
      request.api === "chat"
        ? fromChatMessages(request.body.messages as ChatMessage[], facts)
        : fromResponsesInput(fullInput as ResponsesItem[], facts);
    const decision = decideNextStep({
      system: "",
      transcript,
      tools: [],
      state,
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

type NoteFacts = ReadonlyMap<string, SystemNoteFacts>;

// One user turn may hold several merged entries; the state note is read from the database instead.
function userItems(content: string, messageId: string, facts: NoteFacts): TranscriptItem[] {
  return content
    .split(MERGED_TURN_SEPARATOR)
    .filter((text) => !text.startsWith(STATE_NOTE_LABEL))
    .map((text, part) => userItem(text, `${messageId}_${part}`, facts));
}

function userItem(text: string, messageId: string, facts: NoteFacts): TranscriptItem {
  if (text.startsWith(SYSTEM_NOTE_LABEL)) {
    const note = text.slice(SYSTEM_NOTE_LABEL.length);
    const stored = facts.get(note);
    return { kind: "system_note", text: note, messageId, ...(stored && { facts: stored }) };
  }
  if (text.startsWith(STAFF_LABEL)) {
    return { kind: "staff", text: text.slice(STAFF_LABEL.length), messageId };
  }
  return { kind: "customer", text, messageId };
}

function fromResponsesInput(items: ResponsesItem[], facts: NoteFacts): TranscriptItem[] {
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
      transcript.push(...userItems(item.content ?? "", id, facts));
    }
  });
  return transcript;
}

function fromChatMessages(messages: ChatMessage[], facts: NoteFacts): TranscriptItem[] {
  const toolNames = new Map<string, string>();
  return messages.flatMap((message, index): TranscriptItem[] => {
    const text = message.content ?? "";
    const messageId = `wire_${index}`;
    switch (message.role) {
      case "system":
        return [];
      case "user":
        return userItems(text, messageId, facts);
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
