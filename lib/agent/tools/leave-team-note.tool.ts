import { z } from "zod";
import { normalizeMessageText } from "@/lib/domain/normalize-message-text";
import { publishRealtime } from "@/lib/server/realtime/publish";
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
    const message = await context.db.$transaction(async (tx) => {
      const { count } = await tx.message.createMany({
        data: [
          {
            conversationId: context.conversation.id,
            authorKind: "agent",
            visibility: "internal",
            body: note,
            runId: context.runId,
            dedupeKey,
          },
        ],
        skipDuplicates: true,
      });
      const row = await tx.message.findUniqueOrThrow({
        where: { conversationId_dedupeKey: { conversationId: context.conversation.id, dedupeKey } },
      });
      if (count === 1) {
        await publishRealtime(tx, {
          topic: "message.created",
          conversationId: context.conversation.id,
          payload: { messageId: row.id, visibility: "internal" },
        });
      }
      return row;
    });
    return { noted: true, messageId: message.id };
  },
});
