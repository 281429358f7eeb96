import "server-only";
import type { ModelEvent } from "@/lib/agent/model/provider";
import {
  type ClaimFacts,
  checkCustomerMessageClaims,
} from "@/lib/domain/check-customer-message-claims";
import { checkMessageReadability } from "@/lib/domain/message-readability";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { completeSentences, type ReplyDraft, replyCandidate } from "@/lib/domain/reply-preview";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getLogger } from "@/lib/server/logger";
import { publishReplyPreview, type ReplyPreview } from "@/lib/server/realtime/reply-previews";
import { loadClaimFacts } from "@/lib/server/services/conversations/load-claim-facts";

/** The previewer for a chat conversation's runs, or null for any other channel. */
export function openReplyPreview(
  db: PrismaClient,
  conversation: { id: string; customerId: string; channel: "chat" | "email" },
): ReplyPreviewer | null {
  return conversation.channel === "chat"
    ? createReplyPreview({
        db,
        conversation: {
          id: conversation.id,
          customerId: conversation.customerId,
          channel: conversation.channel,
        },
      })
    : null;
}

export type PublishPreview = (db: PrismaClient, preview: ReplyPreview) => Promise<boolean>;

export type ReplyPreviewInput = {
  db: PrismaClient;
  conversation: { id: string; customerId: string; channel: "chat" | "email" };
  publish?: PublishPreview;
};

export type StepPreview = {
  observe(event: ModelEvent): void;
  /** Resolves when every preview of the step is sent: the stored reply must come after them. */
  settled(): Promise<void>;
};

/*
 * The customer's live view of a reply while the model writes it. Nothing unchecked is shown:
 * each preview is the reply cut at its last complete sentence, normalised and passed through the
 * supervisor's own claim check exactly as if it were the whole message, so every text a customer
 * sees is one the supervisor would have sent; it must also pass the readability check
 * (message-readability.ts). The first cut that fails either check ends previews
 * for that step (the stored message, or nothing, follows). Previews are best effort: a failure
 * to send one is logged and never touches the run.
 */
export function createReplyPreview(input: ReplyPreviewInput) {
  const { db, conversation } = input;
  const publish = input.publish ?? publishReplyPreview;
  const log = getLogger();
  let queue: Promise<void> = Promise.resolve();
  let shownId: string | null = null;

  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch((error: unknown) => {
      log.warn({ err: error, conversationId: conversation.id }, "reply preview failed");
    });
  };

  return {
    /** `textIsReply`: plain text of this step would be delivered (the run has not replied yet). */
    step(previewId: string, textIsReply: boolean): StepPreview {
      const draft: { text: string; calls: ReplyDraft["calls"][number][] } = {
        text: "",
        calls: [],
      };
      const callsByPosition = new Map<number, ReplyDraft["calls"][number]>();
      let released = "";
      let stopped = false;
      let facts: Promise<ClaimFacts> | null = null;

      const release = (finished: boolean) => {
        if (stopped) return;
        const candidate = replyCandidate(draft, textIsReply);
        if (candidate === null) return;
        const cut = finished ? candidate.trim() : completeSentences(candidate);
        if (cut.length <= released.length) return;
        released = cut;
        enqueue(async () => {
          if (stopped) return;
          const text = normalizeMessageText(cut);
          if (text === "") return;
          facts ??= loadClaimFacts(db, conversation, new Date());
          const loaded = await facts;
          const readable = checkMessageReadability(text, { language: loaded.language }).ok;
          if (!readable || !checkCustomerMessageClaims(text, loaded).ok) {
            stopped = true;
            return;
          }
          if (!(await publish(db, { conversationId: conversation.id, previewId, text }))) {
            stopped = true;
            return;
          }
          shownId = previewId;
        });
      };

      return {
        observe(event) {
          switch (event.type) {
            case "text_delta":
              draft.text += event.text;
              release(false);
              break;
            case "tool_call_progress":
              callsByPosition.set(event.position, {
                name: event.name,
                argumentsJson: event.argumentsJson,
              });
              draft.calls = [...callsByPosition.entries()]
                .sort(([a], [b]) => a - b)
                .map(([, call]) => call);
              release(false);
              break;
            case "tool_call":
              if (callsByPosition.size === 0) draft.calls.push(event.call);
              break;
            case "finish":
              release(true);
              break;
            // The server broke off and is asked again: the next answer is previewed from scratch.
            case "restart":
              draft.text = "";
              draft.calls = [];
              callsByPosition.clear();
              released = "";
              break;
          }
        },
        settled: () => queue,
      };
    },

    /** Withdraws whatever preview is showing; call it once the step's reply is stored, or not. */
    clear(): Promise<void> {
      enqueue(async () => {
        if (shownId === null) return;
        const previewId = shownId;
        shownId = null;
        await publish(db, { conversationId: conversation.id, previewId, text: null });
      });
      return queue;
    },
  };
}

export type ReplyPreviewer = ReturnType<typeof createReplyPreview>;
