import { defineRoute } from "@/lib/server/http/route";
import { widgetMessagesRoute } from "@/lib/server/http/routes/widget-messages";

// A customer message; the agent's reply arrives on the widget's event stream.
// Also answered by next-server.mjs before Next, with the same definition (lib/server/http/node-routes.ts).
export const POST = defineRoute(widgetMessagesRoute.options, widgetMessagesRoute.handler);
