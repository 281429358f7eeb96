import "server-only";
import {
  type Message,
  type MessageAuthorKind,
  type MessageVisibility,
  Prisma,
} from "@/lib/generated/prisma/client";
import { publishRealtime, type RealtimeEventInput } from "@/lib/server/realtime/publish";

/*
 * The one writer of the messages table. Every message is written with its `message.created`
 * event (what live staff screens and the widget reload on), and a message with a dedupe key is
 * stored once per conversation: a repeat writes nothing and announces nothing.
 */

export type NewMessage = Omit<Prisma.MessageUncheckedCreateInput, "id" | "createdAt">;

/**
 * Where the message's event goes. "now": published in the transaction as the row is written. A
 * list (an action transaction's `changes.realtime`): appended, to be published with the
 * transaction's other events at its end, in the order they happened. "silently": no event, for
 * the system notes the agent reads (a customer intent and its outcome, the reason for a requested
 * turn), which the events of the run that reads them follow.
 */
export type MessageAnnouncement = "now" | RealtimeEventInput[] | "silently";

function messageCreatedEvent(message: {
  id: string;
  conversationId: string;
  visibility: MessageVisibility;
}): RealtimeEventInput {
  return {
    topic: "message.created",
    conversationId: message.conversationId,
    payload: { messageId: message.id, visibility: message.visibility },
  };
}

/** A message without a dedupe key is always new. */
export async function createMessage(
  tx: Prisma.TransactionClient,
  message: NewMessage & { dedupeKey?: null },
  announce?: MessageAnnouncement,
): Promise<Message>;
/** Null when the conversation already holds a message with this dedupe key. */
export async function createMessage(
  tx: Prisma.TransactionClient,
  message: NewMessage,
  announce?: MessageAnnouncement,
): Promise<Message | null>;
export async function createMessage(
  tx: Prisma.TransactionClient,
  message: NewMessage,
  announce: MessageAnnouncement = "now",
): Promise<Message | null> {
  const created =
    message.dedupeKey == null
      ? await tx.message.create({ data: message })
      : ((await tx.message.createManyAndReturn({ data: [message], skipDuplicates: true }))[0] ??
        null);
  if (!created || announce === "silently") return created;
  const event = messageCreatedEvent(created);
  if (announce === "now") await publishRealtime(tx, event);
  else announce.push(event);
  return created;
}

/** A message as a single-statement write stores it: it names its id, to announce it in the same statement. */
export type MessageSqlRow = {
  id: string;
  conversationId: string;
  authorKind: MessageAuthorKind;
  visibility: MessageVisibility;
  body: string;
  staffUserId?: string | null;
  runId?: string | null;
  dedupeKey: string;
};

/*
 * createMessage as two CTEs of the caller's one statement (lib/server/README.md, "One statement
 * per write"): `<name>` inserts the message unless its dedupe key is stored (and, with `onlyIf`,
 * only when that holds) and returns the row; `<name>_event` writes its event only for a row
 * inserted. The caller's statement wakes the sealer (pg_notify) for it.
 */
export function insertMessageSql(
  name: string,
  message: MessageSqlRow,
  onlyIf?: Prisma.Sql,
): Prisma.Sql {
  const event = messageCreatedEvent(message);
  const cte = Prisma.raw(name);
  return Prisma.sql`${cte} AS (
      INSERT INTO messages
        (id, conversation_id, author_kind, visibility, body, staff_user_id, run_id, dedupe_key,
         created_at)
      SELECT ${message.id}, ${message.conversationId},
             ${message.authorKind}::"MessageAuthorKind", ${message.visibility}::"MessageVisibility",
             ${message.body}, ${message.staffUserId ?? null}, ${message.runId ?? null},
             ${message.dedupeKey}, ${new Date().toISOString()}::timestamptz
      ${onlyIf ? Prisma.sql`WHERE ${onlyIf}` : Prisma.empty}
      ON CONFLICT (conversation_id, dedupe_key) DO NOTHING
      RETURNING *
    ), ${Prisma.raw(`${name}_event`)} AS (
      INSERT INTO realtime_events (topic, conversation_id, payload)
      SELECT ${event.topic}, ${event.conversationId}, ${JSON.stringify(event.payload)}::jsonb
        FROM ${cte}
      RETURNING id
    )`;
}
