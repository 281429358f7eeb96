import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { openWidgetEventStream } from "@/lib/server/services/widget/open-widget-event-stream";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionToken } from "@/lib/server/services/widget/widget-request";

export const dynamic = "force-dynamic";

const eventIdSchema = z.string().regex(/^\d{1,19}$/, "must be an event id");

// Live updates for the widget (Server-Sent Events, Last-Event-ID replay).
export const GET = defineRoute(
  { permission: "public", query: z.object({ lastEventId: eventIdSchema.optional() }) },
  async ({ req, query }) => {
    const session = await requireWidgetSession(widgetSessionToken(req), new Date());
    const header = eventIdSchema.safeParse(req.headers.get("last-event-id") ?? undefined);
    const lastEventId = header.success ? header.data : query.lastEventId;
    return openWidgetEventStream(
      session,
      lastEventId === undefined ? null : BigInt(lastEventId),
      req.signal,
    );
  },
);
