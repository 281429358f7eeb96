import { z } from "zod";
import { clientSourceFromHeaders, trustedProxyList } from "@/lib/auth/client-ip";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { findWorkspace } from "@/lib/server/services/widget/find-workspace";
import { lookupWidgetSession } from "@/lib/server/services/widget/resolve-widget-session";
import {
  startWidgetSession,
  startWidgetSessionSchema,
  workspaceKeySchema,
} from "@/lib/server/services/widget/start-widget-session";
import {
  widgetSessionToken,
  withWidgetSessionCookie,
} from "@/lib/server/services/widget/widget-request";

export const dynamic = "force-dynamic";

// Whether this browser already has a chat session with this shop, and how the shop verifies.
export const GET = defineRoute(
  { permission: "public", query: z.object({ workspace: workspaceKeySchema }) },
  async ({ req, query, context }) => {
    const workspace = await findWorkspace({ key: query.workspace }, context);
    const lookup = await lookupWidgetSession({ token: widgetSessionToken(req) }, context);
    const mine = lookup.state !== "none" && lookup.session.workspaceId === workspace.id;
    return {
      workspace: { name: workspace.name, requiresIdentityToken: workspace.enforceIdentityToken },
      session: mine ? lookup.state : "none",
      customerName: mine ? lookup.session.customer.name : null,
    };
  },
);

// The identity step: an email + order number check, or the shop's signed identity token.
export const POST = defineRoute(
  { permission: "public", body: startWidgetSessionSchema, maxBodyBytes: 8 * 1024 },
  async ({ req, body, context }) => {
    const started = await startWidgetSession(
      {
        ...body,
        ip: clientSourceFromHeaders(req.headers, trustedProxyList(getServerEnv().TRUSTED_PROXIES)),
        currentToken: widgetSessionToken(req),
      },
      context,
    );
    return withWidgetSessionCookie(
      Response.json({ customerName: started.customerName }, { status: 201 }),
      started.token,
    );
  },
);
