import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { FakeOpenAiServer, ScriptedReply } from "./fake-openai-server";

/*
 * Scripts for a model that tries to steer money: it picks its own reasons, proposes again over
 * open or confirmed quotes and tells the customer whatever it likes. Each turn is queued on the
 * fake OpenAI server before the customer's message; when the queue runs dry the model stops.
 */

export type RefundReasonArg =
  | "damaged"
  | "wrong_item"
  | "not_as_described"
  | "too_small"
  | "too_large"
  | "no_longer_needed";

export function scriptAdversary(fake: FakeOpenAiServer, prisma: PrismaClient) {
  fake.setFallback(() => ({ type: "reply", text: "" }));
  return {
    /** One model step calling propose_refund for the named lines of one order. */
    async propose(
      orderNumber: string,
      lineNames: string[],
      reason: RefundReasonArg,
    ): Promise<ScriptedReply> {
      // Each test seeds one customer per order number; the lines are that customer's.
      const lines = await prisma.orderLine.findMany({
        where: { order: { number: orderNumber }, name: { in: lineNames } },
        orderBy: { position: "asc" },
      });
      return {
        type: "reply",
        toolCalls: [
          {
            name: "propose_refund",
            arguments: JSON.stringify({
              orderNumber,
              lineIds: lines.map((line) => line.id),
              reason,
            }),
          },
        ],
      };
    },
    /** A final answer in plain text; the loop delivers it through send_customer_message. */
    say(text: string): ScriptedReply {
      return { type: "reply", text };
    },
    queue(...replies: ScriptedReply[]): void {
      fake.enqueue(...replies);
    },
  };
}
