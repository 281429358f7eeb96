import "server-only";
import { hashWidgetSessionToken } from "@/lib/auth/widget-session-cookie";
import { type DomainSettings, isChatSessionIdle } from "@/lib/domain/settings";
import { AppError } from "@/lib/errors/app-error";
import type { CustomerSession, Workspace } from "@/lib/generated/prisma/client";
import { settingsFromRows } from "@/lib/server/settings/get-settings";
import type { UseCaseContext } from "@/lib/server/use-case-context";

const IDLE_SETTING_KEY = "chatIdleMinutes" satisfies keyof DomainSettings;

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
  input: { token: string | undefined },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<WidgetSessionLookup> {
  const now = context.now();
  if (!input.token) return { state: "none" };
  const found = await findSessionByToken(context.db, hashWidgetSessionToken(input.token));
  if (!found) return { state: "none" };
  const { session, settings } = found;
  const ended = session.endedAt !== null || isChatSessionIdle(session.lastSeenAt, now, settings);
  return { state: ended ? "ended" : "active", session };
}

type SessionRow = {
  session: Omit<CustomerSession, "createdAt" | "lastSeenAt" | "endedAt"> & {
    createdAt: string;
    lastSeenAt: string;
    endedAt: string | null;
  };
  workspace: Omit<Workspace, "createdAt"> & { createdAt: string };
  customer: WidgetSession["customer"];
  idleSetting: unknown;
  idleSettingStored: boolean;
};

/*
 * Every widget request starts here (the widget reloads its snapshot on each stream frame), so the
 * session, its shop, its customer and the idle setting come in one statement instead of four.
 * The setting is validated exactly as getSettings does (settingsFromRows).
 */
async function findSessionByToken(
  db: UseCaseContext["db"],
  tokenHash: string,
): Promise<{ session: WidgetSession; settings: DomainSettings } | null> {
  const [row] = await db.$queryRaw<SessionRow[]>`
    SELECT
      json_build_object(
        'id', s.id, 'customerId', s.customer_id, 'conversationId', s.conversation_id,
        'workspaceId', s.workspace_id, 'identityMethod', s.identity_method,
        'tokenHash', s.token_hash, 'createdAt', s.created_at, 'lastSeenAt', s.last_seen_at,
        'endedAt', s.ended_at
      ) AS session,
      json_build_object(
        'id', w.id, 'key', w.key, 'name', w.name, 'identitySecret', w.identity_secret,
        'enforceIdentityToken', w.enforce_identity_token, 'createdAt', w.created_at
      ) AS workspace,
      json_build_object('id', c.id, 'name', c.name, 'email', c.email) AS customer,
      idle.value AS "idleSetting",
      idle.key IS NOT NULL AS "idleSettingStored"
    FROM customer_sessions AS s
    JOIN workspaces AS w ON w.id = s.workspace_id
    JOIN customers AS c ON c.id = s.customer_id
    LEFT JOIN settings AS idle ON idle.key = ${IDLE_SETTING_KEY}
    WHERE s.token_hash = ${tokenHash}`;
  if (!row) return null;
  return {
    session: {
      ...row.session,
      createdAt: new Date(row.session.createdAt),
      lastSeenAt: new Date(row.session.lastSeenAt),
      endedAt: row.session.endedAt === null ? null : new Date(row.session.endedAt),
      workspace: { ...row.workspace, createdAt: new Date(row.workspace.createdAt) },
      customer: row.customer,
    },
    settings: settingsFromRows(
      row.idleSettingStored ? [{ key: IDLE_SETTING_KEY, value: row.idleSetting }] : [],
    ),
  };
}

/** For every widget call but the identity step: a live session, or a 401 saying why not. */
export async function requireWidgetSession(
  input: { token: string | undefined },
  context: Pick<UseCaseContext, "db" | "now">,
): Promise<WidgetSession> {
  const lookup = await lookupWidgetSession(input, context);
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
