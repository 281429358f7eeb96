import { z } from "zod";
import { attachmentResponse } from "@/lib/server/http/attachment-response";
import { defineRoute } from "@/lib/server/http/route";
import { readAttachment } from "@/lib/server/services/widget/read-attachment";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";

// A customer's file, to staff of its workspace and to the customer's own widget session only;
// anyone else gets 404 (read-attachment.ts).
export const GET = defineRoute(
  { permission: "public", params: z.object({ attachmentId: z.string().min(1).max(64) }) },
  async ({ params, session, headers, context }) => {
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
  },
);
