import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { addTeamNote, addTeamNoteSchema } from "@/lib/server/services/conversations/add-team-note";

export const POST = defineRoute(
  {
    permission: "tickets.reply",
    params: z.object({ conversationId: z.string().min(1).max(100) }),
    body: addTeamNoteSchema,
  },
  async ({ params, body, session, context }) =>
    Response.json(
      await addTeamNote(
        { conversationId: params.conversationId, staff: session.user, text: body.text },
        context,
      ),
      { status: 201 },
    ),
);
