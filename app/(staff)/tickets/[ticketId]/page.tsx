import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { hasPermission, requireStaffPage } from "@/lib/auth/session";
import { isAppError } from "@/lib/server/http/app-error";
import {
  getTicketThread,
  type TicketThreadSnapshot,
} from "@/lib/server/services/tickets/get-ticket-thread";
import { TicketThread } from "./ticket-thread";

export const metadata: Metadata = { title: "Ticket" };
export const dynamic = "force-dynamic";

export default async function TicketPage({ params }: { params: Promise<{ ticketId: string }> }) {
  const session = await requireStaffPage("tickets.read");
  const { ticketId } = await params;
  let snapshot: TicketThreadSnapshot;
  try {
    snapshot = await getTicketThread(ticketId);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <TicketThread
      initial={snapshot}
      canControlRuns={hasPermission(session, "runs.control")}
      canReply={hasPermission(session, "tickets.reply")}
    />
  );
}
