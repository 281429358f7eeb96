import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import {
  answerWidgetQuote,
  answerWidgetQuoteSchema,
} from "@/lib/server/services/widget/answer-widget-quote";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionToken } from "@/lib/server/services/widget/widget-request";
import { atMoment } from "@/lib/server/use-case-context";

// The Confirm / Decline buttons of a quote card, bound to the quote hash the card showed.
export const POST = defineRoute(
  {
    permission: "public",
    params: z.object({ actionId: z.string().min(1).max(100) }),
    body: answerWidgetQuoteSchema,
    maxBodyBytes: 4 * 1024,
  },
  async ({ req, params, body, context }) => {
    const now = context.now();
    const atThisMoment = atMoment(context, now);
    const session = await requireWidgetSession({ token: widgetSessionToken(req) }, atThisMoment);
    return answerWidgetQuote({ ...body, session, actionId: params.actionId }, atThisMoment);
  },
);
