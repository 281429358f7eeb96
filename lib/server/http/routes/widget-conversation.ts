import "server-only";
import { getWidgetSnapshot } from "@/lib/server/services/widget/get-widget-snapshot";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";
import type { PipelineContext } from "../route-pipeline";

/*
 * GET /api/widget/conversation, the session's conversation as the customer sees it, rebuilt from
 * the server each time. Defined once for both servers that answer it (see approval-decision.ts):
 * the widget reloads it on every frame of its stream, so a burst of customers lands here.
 */
const options = { permission: "public" } as const;

async function snapshot({
  headers,
  context,
}: PipelineContext<"public", undefined, undefined, undefined>) {
  const token = widgetSessionTokenFromHeaders(headers);
  return getWidgetSnapshot({ session: await requireWidgetSession({ token }, context) }, context);
}

export const widgetConversationRoute = { options, handler: snapshot };
