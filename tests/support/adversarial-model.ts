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
  const silent = () => fake.setFallback(() => ({ type: "reply", text: "" }));
  silent();
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
    /** A send_customer_message call: unlike a final answer, the run goes on after it. */
    send(body: string): ScriptedReply {
      return this.call("send_customer_message", { body });
    },
    /** Any tool call, real or invented ("approve_refund"), with any arguments. */
    call(name: string, args: Record<string, unknown>): ScriptedReply {
      return { type: "reply", toolCalls: [{ name, arguments: JSON.stringify(args) }] };
    },
    queue(...replies: ScriptedReply[]): void {
      fake.enqueue(...replies);
    },
    /** Forgets what is queued from an earlier try, so nothing leaks into the next one. */
    reset(): void {
      fake.reset();
      silent();
    },
  };
}
