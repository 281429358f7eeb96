import "server-only";
import { z } from "zod";
import { readAttachment } from "@/lib/server/services/widget/read-attachment";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";
import { attachmentResponse } from "../attachment-response";
import type { PipelineContext } from "../route-pipeline";

/*
 * GET a customer's file, defined once for its two addresses: /api/attachments/:id, which staff
 * pages link to, and /api/widget/attachments/:id, the only path the widget's cookie is sent to.
 * Either answers whoever may read the file (read-attachment.ts) and 404 to anyone else.
 */
const options = {
  permission: "public",
  params: z.object({ attachmentId: z.string().min(1).max(64) }),
} as const;

async function get({
  params,
  session,
  headers,
  context,
}: PipelineContext<"public", typeof options.params, undefined, undefined>) {
  const attachment = await readAttachment(
    {
      attachmentId: params.attachmentId,
      requester: {
        staff: session ? { id: session.user.id, role: session.user.role } : null,
        widgetToken: widgetSessionTokenFromHeaders(headers),
      },
    },
    context,
  );
  return attachmentResponse(attachment);
}

export const attachmentFileRoute = { options, handler: get };
