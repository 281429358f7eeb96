import "server-only";
import { parseCookie } from "cookie";
import type { NextRequest } from "next/server";
import {
  clearedWidgetSessionCookieHeader,
  WIDGET_SESSION_COOKIE,
  widgetSessionCookieHeader,
} from "@/lib/auth/widget-session-cookie";
import { getServerEnv } from "@/lib/server/env";

/* The widget cookie as route handlers read and write it. */

export function widgetSessionToken(req: NextRequest): string | undefined {
  return widgetSessionTokenFromHeaders(req.headers);
}

/** The cookie read from the Cookie header, which both servers' requests carry. */
export function widgetSessionTokenFromHeaders(headers: {
  get(name: string): string | null;
}): string | undefined {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return undefined;
  return parseCookie(cookieHeader)[WIDGET_SESSION_COOKIE] || undefined;
}

function servedOverHttps(): boolean {
  return getServerEnv().NEXTAUTH_URL.startsWith("https://");
}

export function withWidgetSessionCookie(response: Response, token: string | null): Response {
  response.headers.append(
    "Set-Cookie",
    token === null
      ? clearedWidgetSessionCookieHeader(servedOverHttps())
      : widgetSessionCookieHeader(token, servedOverHttps()),
  );
  return response;
}
