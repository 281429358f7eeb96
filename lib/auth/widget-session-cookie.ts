import { createHash, randomBytes } from "node:crypto";

/*
 * The widget's session cookie: separate from the staff cookie, HttpOnly, and sent only to the
 * widget's API. Over HTTPS it is SameSite=None + Partitioned, so it works in a shop's iframe
 * while staying keyed to that shop's site; over plain HTTP (local, demo) it is SameSite=Strict.
 * Only a hash of the token is stored.
 */

export const WIDGET_SESSION_COOKIE = "countersign_widget_session";
export const WIDGET_COOKIE_PATH = "/api/widget";
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

export function createWidgetSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashWidgetSessionToken(token) };
}

export function hashWidgetSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function widgetSessionCookieHeader(token: string, https: boolean): string {
  const attributes = [
    `${WIDGET_SESSION_COOKIE}=${token}`,
    `Path=${WIDGET_COOKIE_PATH}`,
    `Max-Age=${COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    ...(https ? ["Secure", "SameSite=None", "Partitioned"] : ["SameSite=Strict"]),
  ];
  return attributes.join("; ");
}

export function clearedWidgetSessionCookieHeader(https: boolean): string {
  return widgetSessionCookieHeader("", https).replace(/Max-Age=\d+/, "Max-Age=0");
}
