import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireStaffPage } from "@/lib/auth/session";
import { getInboxOverview } from "@/lib/server/services/inbox/get-inbox-overview";
import { ConversationTable } from "./conversation-table";
import { OrderTable } from "./order-table";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage() {
  await requireStaffPage("tickets.read");
  const { conversations, orders } = await getInboxOverview();
  const now = new Date();

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Inbox</h1>

      {conversations.length > 0 ? (
        <Card>
          <CardHeader
            title="Conversations"
            description="Chats and emails the AI agent is handling, most recent activity first."
          />
          <ConversationTable conversations={conversations} now={now} />
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader title="No conversations yet" />
            <CardBody>
              <p className="max-w-prose text-sm text-slate-700">
                When a customer writes in through the chat widget or by email, the conversation
                appears here with the agent&apos;s progress, the amount at stake and anything
                waiting for approval.
              </p>
            </CardBody>
          </Card>

          {orders.length > 0 ? (
            <Card>
              <CardHeader
                title="Customer orders"
                description="The orders the agent can act on when their customers get in touch."
              />
              <OrderTable orders={orders} />
            </Card>
          ) : (
            <Card>
              <CardHeader title="No customer data" />
              <CardBody>
                <p className="max-w-prose text-sm text-slate-700">
                  The database has no customers or orders. Load the demo data with{" "}
                  <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-sm">
                    npm run db:seed
                  </code>
                  , then reload this page.
                </p>
              </CardBody>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
