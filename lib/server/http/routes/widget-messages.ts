import "server-only";
import {
  postWidgetMessage,
  postWidgetMessageSchema,
} from "@/lib/server/services/widget/post-widget-message";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionTokenFromHeaders } from "@/lib/server/services/widget/widget-request";
import { atMoment } from "@/lib/server/use-case-context";
import { JsonWithStatus } from "../json-with-status";
import type { PipelineContext } from "../route-pipeline";

/*
 * POST /api/widget/messages, a customer message; the agent's reply arrives on the widget's event
 * stream. 202 when stored, 200 when it repeats one already stored (same client id). Defined once
 * for both servers that answer it (see approval-decision.ts).
 */
const options = {
  permission: "public",
  body: postWidgetMessageSchema,
  maxBodyBytes: 16 * 1024,
} as const;

async function post({
  headers,
  body,
  context,
}: PipelineContext<"public", undefined, typeof options.body, undefined>) {
  const now = context.now();
  const atThisMoment = atMoment(context, now);
  const token = widgetSessionTokenFromHeaders(headers);
  const session = await requireWidgetSession({ token }, atThisMoment);
  const posted = await postWidgetMessage({ ...body, session }, atThisMoment);
  return new JsonWithStatus(posted.duplicate ? 200 : 202, posted);
}

export const widgetMessagesRoute = { options, handler: post };
