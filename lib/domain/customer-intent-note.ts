import { z } from "zod";
import { MESSAGE_INTENTS } from "./classify-message";
import { pendingActionStatusSchema } from "./pending-action-status";

/*
 * What the server decided about a customer message, stored as data on the internal note it
 * writes (messages.note_data) and handed to the agent as such. The note's text says the same for
 * staff and for real models; nothing reads the decision back out of that text.
 */
export const customerIntentNoteSchema = z.object({
  intent: z.enum(MESSAGE_INTENTS),
  // The action the message was judged against, as it stood when the message arrived.
  open: z.object({ actionId: z.string(), status: pendingActionStatusSchema }).nullable(),
  // Only on the follow-up note, once the action service has applied (or refused) the intent.
  outcome: z
    .discriminatedUnion("kind", [
      z.object({ kind: z.literal("moved"), to: pendingActionStatusSchema }),
      z.object({ kind: z.literal("refused"), reason: z.string() }),
    ])
    .optional(),
});

export type CustomerIntentNote = z.infer<typeof customerIntentNoteSchema>;
