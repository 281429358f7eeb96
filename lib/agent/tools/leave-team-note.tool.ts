import { z } from "zod";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { defineTool, ToolError, toolIdempotencyKey } from "./tool-types";

export const leaveTeamNoteSchema = z.object({
  note: z
    .string()
    .min(1)
    .max(2000)
    .describe("What staff should know: context, risks (threats, chargeback talk), next steps."),
});

export const leaveTeamNoteTool = defineTool({
  name: "leave_team_note",
  description:
    "Leave an internal note for the support team on this ticket. The customer never sees it.",
  schema: leaveTeamNoteSchema,
  async execute(args, context) {
    // Stored as staff will read it: HTML that the ticket would drop becomes visible text.
    const note = normalizeMessageText(args.note);
    if (note === "") throw new ToolError("The note has no visible text once HTML is removed.");
    const dedupeKey = `tool:${toolIdempotencyKey(context)}`;
    const { messageId } = await context.services.leaveTeamNote({ note, dedupeKey });
    return { noted: true, messageId };
  },
});
