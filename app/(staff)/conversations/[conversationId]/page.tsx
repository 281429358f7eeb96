import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { isAppError } from "@/lib/errors/app-error";
import { hasPermission, requireStaffPage } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { appContext } from "@/lib/server/process/app-context";
import {
  type ConversationThreadSnapshot,
  getConversationThread,
} from "@/lib/server/services/conversations/get-conversation-thread";
import { getTicketActivity } from "@/lib/server/services/conversations/get-ticket-activity";
import { getSettings } from "@/lib/server/settings/get-settings";
import { TicketActivity } from "./ticket-activity";
import { TicketThread } from "./ticket-thread";

export const dynamic = "force-dynamic";

type Params = Promise<{ conversationId: string }>;

// One read per request, shared by the page title and the page. A ticket of a workspace the
// viewer is not a member of is not found, as one that does not exist.
const loadThread = cache(
  async (conversationId: string, staffUserId: string): Promise<ConversationThreadSnapshot> => {
    try {
      return await getConversationThread({ conversationId, staffUserId }, appContext());
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") notFound();
      throw error;
    }
  },
);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const session = await requireStaffPage("tickets.read");
  const { conversation } = await loadThread((await params).conversationId, session.user.id);
  return { title: `${conversation.subject} · Ticket` };
}

export default async function TicketPage({ params }: { params: Params }) {
  const session = await requireStaffPage("tickets.read");
  const { conversationId } = await params;
  const snapshot = await loadThread(conversationId, session.user.id);
  const [{ staffMayActForCustomer }, activity] = await Promise.all([
    getSettings(db),
    getTicketActivity({ conversationId, staffUserId: session.user.id }, appContext()),
  ]);
  return (
    <TicketThread
      initial={snapshot}
      meId={session.user.id}
      canControlRuns={hasPermission(session, "runs.control")}
      canReply={hasPermission(session, "tickets.reply")}
      canActForCustomer={staffMayActForCustomer && hasPermission(session, "tickets.reply")}
      canResolveDisputes={hasPermission(session, "disputes.resolve")}
      canDownloadReceipts={hasPermission(session, "refunds.reconcile")}
      activity={
        <TicketActivity
          conversationId={conversationId}
          activity={activity}
          canReadAudit={hasPermission(session, "audit.read")}
        />
      }
    />
  );
}
