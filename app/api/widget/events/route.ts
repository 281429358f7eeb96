import { defineRoute } from "@/lib/server/http/route";
import { widgetEventsRoute } from "@/lib/server/http/routes/widget-events";
import { openEventStream } from "@/lib/server/realtime/open-event-stream";
import { widgetEventStreamInput } from "@/lib/server/services/widget/widget-event-stream-input";

export const dynamic = "force-dynamic";

// Live updates for the widget (Server-Sent Events, Last-Event-ID replay).
// Also answered by next-server.mjs before Next, with the same definition (lib/server/http/node-routes.ts).
export const GET = defineRoute(widgetEventsRoute.options, async (context) => {
  const { session, lastEventId } = await widgetEventsRoute.streamRequest(context);
  return openEventStream({
    ...widgetEventStreamInput(session, lastEventId),
    signal: context.req.signal,
  });
});
