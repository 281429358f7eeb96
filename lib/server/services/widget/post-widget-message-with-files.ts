import "server-only";
import { z } from "zod";
import { clientMessageIdSchema, WIDGET_MESSAGE_MAX_CHARS } from "@/lib/domain/widget-message";
import { AppError } from "@/lib/errors/app-error";
import { prepareAttachments } from "@/lib/server/services/attachments/prepare-attachment";
import type { IntakeContext } from "@/lib/server/services/intake/post-customer-message";
import { type PostedWidgetMessage, postWidgetMessage } from "./post-widget-message";
import { requireWidgetSession } from "./resolve-widget-session";

const fieldsSchema = z.object({
  clientMessageId: clientMessageIdSchema,
  text: z.string().trim().max(WIDGET_MESSAGE_MAX_CHARS),
});

/*
 * A widget message with files: the customer's session first (nothing is read for a stranger),
 * then every file checked and stored from its bytes, then the message through the widget's own
 * path with the files' rows in its transaction. A refused file refuses the whole message (422,
 * the reasons as data for the widget to say in the customer's language); the accepted files'
 * bytes may stay on disk unreferenced, which reveals nothing and costs only space. A message
 * with only files is stored under their names, so the thread says what was sent.
 */
export async function postWidgetMessageWithFiles(
  input: { form: FormData; token: string | undefined },
  context: IntakeContext,
): Promise<PostedWidgetMessage> {
  const session = await requireWidgetSession({ token: input.token }, context);
  const fields = fieldsSchema.safeParse({
    clientMessageId: input.form.get("clientMessageId"),
    text: input.form.get("text") ?? "",
  });
  if (!fields.success) throw new AppError("VALIDATION_FAILED", "The message is not valid.");
  const uploads = input.form.getAll("file").filter((entry) => entry instanceof File);
  if (uploads.length === 0) throw new AppError("VALIDATION_FAILED", "Attach a file first.");
  const files = await prepareAttachments(
    await Promise.all(
      uploads.map(async (file) => ({
        bytes: new Uint8Array(await file.arrayBuffer()),
        name: file.name,
      })),
    ),
  );
  if (files.refused.length > 0) {
    throw new AppError("VALIDATION_FAILED", "Some files were not accepted.", {
      extensions: { refusedFiles: files.refused },
    });
  }
  const text = fields.data.text || files.stored.map((file) => file.originalName).join(", ");
  return postWidgetMessage(
    { clientMessageId: fields.data.clientMessageId, text, session, files },
    context,
  );
}
