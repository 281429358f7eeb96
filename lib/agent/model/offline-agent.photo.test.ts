import { describe, expect, it } from "vitest";
import { photoRequestText } from "@/lib/domain/attachment-texts";
import { decideNextStep } from "./offline-agent";
import type { ConversationState, TranscriptItem } from "./provider";

/*
 * A refund whose reason blames the shop asks for a photo, without holding the quote back. The
 * customer writes English in a conversation whose chosen language is Spanish: replies follow the
 * conversation.
 */

const state: ConversationState = {
  conversationId: "c1",
  channel: "chat",
  customerName: "Maya Chen",
  customerEmail: "maya@example.com",
  language: { code: "es", source: "customer" },
  actions: [],
};

const orders = {
  orders: [{ orderNumber: "A1043", lines: [{ lineId: "l_maker", name: "Coffee maker" }] }],
};

function toolStep(id: string, name: string, result: object): TranscriptItem[] {
  return [
    { kind: "assistant", text: "", toolCalls: [{ id, name, argumentsJson: "{}" }], stepId: id },
    {
      kind: "tool_result",
      toolCallId: id,
      toolName: name,
      resultJson: JSON.stringify(result),
      isError: false,
      stepId: id,
    },
  ];
}

function afterProposal(proposal: object, channel: ConversationState["channel"]) {
  const transcript: TranscriptItem[] = [
    {
      kind: "customer",
      text: "The coffee maker from order A1043 arrived cracked.",
      messageId: "m1",
    },
    ...toolStep("c1", "lookup_order", orders),
    ...toolStep("c2", "check_refund_policy", { refundableLineIds: ["l_maker"] }),
    ...toolStep("c3", "propose_refund", proposal),
  ];
  return (extra: TranscriptItem[] = []) =>
    decideNextStep({
      system: "",
      transcript: [...transcript, ...extra],
      tools: [],
      state: { ...state, channel },
      signal: new AbortController().signal,
    });
}

describe("the offline agent's photo request", () => {
  it("in chat, asks for a photo in the customer's language after the quote, once", () => {
    const decide = afterProposal({ shownToCustomer: true, askForPhoto: true }, "chat");
    expect(decide().call).toEqual({
      name: "send_customer_message",
      args: { body: photoRequestText("es") },
    });
    expect(decide(toolStep("c4", "send_customer_message", { sent: true }))).toEqual({ text: "" });
  });

  it("in chat, says nothing more when a photo is already there", () => {
    expect(afterProposal({ shownToCustomer: true }, "chat")()).toEqual({ text: "" });
  });

  it("by email, adds the request to the acknowledgement, after the note for the approver", () => {
    const decide = afterProposal(
      { actionId: "pa_1", quoteMarkdown: "| Coffee maker |", refused: [], askForPhoto: true },
      "email",
    );
    expect(decide().call?.name).toBe("leave_team_note");
    const reply = decide(toolStep("c4", "leave_team_note", { noted: true })).call;
    expect(reply?.name).toBe("send_customer_message");
    expect(String(reply?.args.body)).toContain(photoRequestText("es"));
    expect(reply?.args.statements).toEqual([{ kind: "waiting_for_approver", actionId: "pa_1" }]);
  });
});
