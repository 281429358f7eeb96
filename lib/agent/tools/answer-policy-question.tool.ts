import { z } from "zod";
import { findPolicySections } from "@/lib/domain/policy-text";
import { defineTool } from "./tool-types";

export const answerPolicyQuestionSchema = z.object({
  question: z
    .string()
    .min(1)
    .max(1000)
    .describe("The customer's policy question, in their words or a short paraphrase."),
});

export const answerPolicyQuestionTool = defineTool({
  name: "answer_policy_question",
  description:
    "Retrieve the sections of the refund policy that answer a question, with their ids (e.g. §2). Answer by quoting the returned text and citing the id; do not add rules that are not in it.",
  schema: answerPolicyQuestionSchema,
  readOnly: true,
  async execute(args, context) {
    const [settings, policy] = await Promise.all([
      context.services.getSettings(),
      context.services.getPolicy(),
    ]);
    // The model quotes these sections to the customer, so they are in the customer's language.
    const sections = findPolicySections(
      args.question,
      policy,
      settings,
      context.conversation.language,
    );
    return {
      sections: sections.map((section) => ({
        id: section.id,
        title: section.title,
        text: section.body,
      })),
    };
  },
});
