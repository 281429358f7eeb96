import { defineRoute } from "@/lib/server/http/route";
import {
  chooseWidgetLanguage,
  chooseWidgetLanguageSchema,
} from "@/lib/server/services/widget/choose-widget-language";
import { requireWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import { widgetSessionToken } from "@/lib/server/services/widget/widget-request";
import { atMoment } from "@/lib/server/use-case-context";

// The widget's language picker, once the chat has a session: the conversation's language.
export const POST = defineRoute(
  { permission: "public", body: chooseWidgetLanguageSchema, maxBodyBytes: 1024 },
  async ({ req, body, context }) => {
    const atThisMoment = atMoment(context, context.now());
    const session = await requireWidgetSession({ token: widgetSessionToken(req) }, atThisMoment);
    return chooseWidgetLanguage({ session, language: body.language }, atThisMoment);
  },
);
