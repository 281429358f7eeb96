import { z } from "zod";
import { defineTool, toolIdempotencyKey } from "./tool-types";

export const handOffToPersonSchema = z.object({
  kind: z
    .enum(["customer_needs_person", "language_not_supported", "question_unanswered"])
    .describe(
      "customer_needs_person: the customer asked for a person, or you cannot help with what they ask; language_not_supported: they write in a language you cannot answer in; question_unanswered: you asked the same question twice and still cannot act.",
    ),
  reason: z
    .string()
    .min(1)
    .max(300)
    .describe("For staff, in English: what the customer needs and why you cannot go on."),
});

export const handOffToPersonTool = defineTool({
  name: "hand_off_to_person",
  description:
    "Hand the conversation to a person on our team when you cannot help: it is flagged for staff with your reason, and the system tells the customer in their language that a person will answer. The agent does not answer this customer again until a person has taken over or replied. Send nothing more after calling it.",
  schema: handOffToPersonSchema,
  async execute(args, context) {
    const { customerTold } = await context.services.handOffToPerson({
      flag: { kind: args.kind, reason: args.reason },
      dedupeKey: `tool:${toolIdempotencyKey(context)}`,
      now: context.now,
    });
    return {
      handedOff: true,
      customerTold,
      next: "A person answers from here. Send the customer nothing more.",
    };
  },
});
