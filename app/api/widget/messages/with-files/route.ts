import { MAX_MESSAGE_WITH_FILES_BYTES } from "@/lib/domain/attachments";
import { JsonWithStatus } from "@/lib/server/http/json-with-status";
import { readMultipartBody } from "@/lib/server/http/read-multipart-body";
import { defineRoute } from "@/lib/server/http/route";
import { postWidgetMessageWithFiles } from "@/lib/server/services/widget/post-widget-message-with-files";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";
import { atMoment } from "@/lib/server/use-case-context";

// A customer message with photos or PDFs (multipart/form-data: clientMessageId, text, file…).
// Every file is checked from its bytes first; one refused file refuses the message (422, with
// each refusal's reason), so the customer can remove it and send again.
export const POST = defineRoute({ permission: "public" }, async ({ req, headers, context }) => {
  const now = context.now();
  const form = await readMultipartBody(req, MAX_MESSAGE_WITH_FILES_BYTES);
  const posted = await postWidgetMessageWithFiles(
    { form, token: widgetSessionTokenFromHeaders(headers) },
    atMoment(context, now),
  );
  return new JsonWithStatus(posted.duplicate ? 200 : 202, posted);
});
