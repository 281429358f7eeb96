import { defineRoute } from "@/lib/server/http/route";
import { getWidgetSnapshot } from "@/lib/server/services/widget/get-widget-snapshot";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionToken } from "@/lib/server/services/widget/widget-request";

export const dynamic = "force-dynamic";

// The session's conversation as the customer sees it, rebuilt from the server each time.
export const GET = defineRoute({ permission: "public" }, async ({ req }) =>
  getWidgetSnapshot(await requireWidgetSession(widgetSessionToken(req), new Date())),
);
