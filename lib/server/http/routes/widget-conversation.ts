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

async function snapshot({ headers }: PipelineContext<"public", undefined, undefined, undefined>) {
  return getWidgetSnapshot(
    await requireWidgetSession(widgetSessionTokenFromHeaders(headers), new Date()),
  );
}

export const widgetConversationRoute = { options, handler: snapshot };
