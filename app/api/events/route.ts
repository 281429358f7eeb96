import { defineRoute } from "@/lib/server/http/route";
import { staffEventsRoute } from "@/lib/server/http/routes/staff-events";
import { openEventStream } from "@/lib/server/realtime/open-event-stream";

export const dynamic = "force-dynamic";

// Staff live updates over Server-Sent Events; see run-event-stream.ts for replay and fan-out.
// Also answered by next-server.mjs before Next, with the same definition (lib/server/http/node-routes.ts).
export const GET = defineRoute(staffEventsRoute.options, (context) =>
  openEventStream({ ...staffEventsRoute.streamRequest(context), signal: context.req.signal }),
);
