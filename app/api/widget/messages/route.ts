import { defineRoute } from "@/lib/server/http/route";
import {
  postWidgetMessage,
  postWidgetMessageSchema,
} from "@/lib/server/services/widget/post-widget-message";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionToken } from "@/lib/server/services/widget/widget-request";

// A customer message; the agent's reply arrives on the widget's event stream.
export const POST = defineRoute(
  { permission: "public", body: postWidgetMessageSchema, maxBodyBytes: 16 * 1024 },
  async ({ req, body }) => {
    const session = await requireWidgetSession(widgetSessionToken(req), new Date());
    const posted = await postWidgetMessage(session, body);
    return Response.json(posted, { status: posted.duplicate ? 200 : 202 });
  },
);
