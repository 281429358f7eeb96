import { defineRoute } from "@/lib/server/http/route";
import { widgetConversationRoute } from "@/lib/server/http/routes/widget-conversation";

export const dynamic = "force-dynamic";

// The session's conversation as the customer sees it, rebuilt from the server each time.
// Also answered by next-server.mjs before Next, with the same definition (lib/server/http/node-routes.ts).
export const GET = defineRoute(widgetConversationRoute.options, widgetConversationRoute.handler);
