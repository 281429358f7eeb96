import "server-only";
import { hashWidgetSessionToken } from "@/lib/auth/widget-session-cookie";
import { isChatSessionIdle } from "@/lib/domain/settings";
import { AppError } from "@/lib/errors/app-error";
import type { CustomerSession, Workspace } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db";
import { getSettings } from "@/lib/server/settings/get-settings";

export type WidgetSession = CustomerSession & {
  workspace: Workspace;
  customer: { id: string; name: string; email: string };
};

export type WidgetSessionLookup =
  | { state: "active"; session: WidgetSession }
  | { state: "ended"; session: WidgetSession }
  | { state: "none" };

/**
 * The session a widget cookie names. An idle or ended session is reported, not revived: the
 * customer proves who they are again, and nothing they confirmed before carries over.
 */
export async function lookupWidgetSession(
  token: string | undefined,
  now: Date,
): Promise<WidgetSessionLookup> {
  if (!token) return { state: "none" };
  const session = await db.customerSession.findUnique({
    where: { tokenHash: hashWidgetSessionToken(token) },
    include: { workspace: true, customer: { select: { id: true, name: true, email: true } } },
  });
  if (!session?.workspace) return { state: "none" };
  const withWorkspace = { ...session, workspace: session.workspace };
  const settings = await getSettings(db);
  const ended = session.endedAt !== null || isChatSessionIdle(session.lastSeenAt, now, settings);
  return { state: ended ? "ended" : "active", session: withWorkspace };
}

/** For every widget call but the identity step: a live session, or a 401 saying why not. */
export async function requireWidgetSession(
  token: string | undefined,
  now: Date,
): Promise<WidgetSession> {
  const lookup = await lookupWidgetSession(token, now);
  if (lookup.state === "active") return lookup.session;
  if (lookup.state === "ended") {
    throw new AppError(
      "UNAUTHENTICATED",
      "Your chat session ended after a period without activity. Confirm who you are to continue.",
      { extensions: { reason: "SESSION_ENDED" } },
    );
  }
  throw new AppError("UNAUTHENTICATED", "Confirm who you are to start chatting.", {
    extensions: { reason: "NO_SESSION" },
  });
}
