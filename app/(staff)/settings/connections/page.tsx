import type { Metadata } from "next";
import Link from "next/link";
import { Fragment } from "react";
import { ConnectionCard } from "@/components/settings/connection-card";
import { SHOPIFY_FORM, STRIPE_FORM } from "@/components/settings/provider-forms";
import { StoreOrdersCards } from "@/components/settings/store-orders-cards";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { can } from "@/lib/domain/authz";
import { requireStaffPage } from "@/lib/server/auth/session";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { listPaymentConnections } from "@/lib/server/services/connections/list-payment-connections";
import { listOrderPushKeys } from "@/lib/server/services/store-orders/list-order-push-keys";

export const metadata: Metadata = { title: "Connections" };
export const dynamic = "force-dynamic";

export default async function ConnectionsPage() {
  const session = await requireStaffPage("settings.read");
  const canChange = can([session.user.role], "settings.write");
  const { workspaces } = await listPaymentConnections(
    { publicBaseUrl: getServerEnv().NEXTAUTH_URL },
    appContext(),
  );
  const ordersApis = await listOrderPushKeys(
    { publicBaseUrl: getServerEnv().NEXTAUTH_URL },
    appContext(),
  );
  const now = new Date();
  return (
    <div className="space-y-6">
      <div>
        {canChange ? (
          <Link href="/settings" className="text-sm text-blue-800 underline">
            Settings
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">Connections</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Where each shop&apos;s orders are read and its refunds are paid. Keys are encrypted before
          they are stored and are never shown again in full; every change is recorded in the audit
          log.
          {canChange ? null : " Only an admin can change them."}
        </p>
      </div>
      {workspaces.map((workspace) => (
        <Fragment key={workspace.workspaceId}>
          {[SHOPIFY_FORM, STRIPE_FORM].map((form) => (
            <Card key={form.provider}>
              <CardHeader
                title={`${workspace.workspaceName}: ${form.label}`}
                description={form.purpose}
              />
              <CardBody>
                <ConnectionCard
                  workspaceId={workspace.workspaceId}
                  form={form}
                  connection={
                    workspace.connections.find(
                      (connection) => connection.provider === form.provider,
                    ) ?? null
                  }
                  canChange={canChange}
                  now={now}
                />
              </CardBody>
            </Card>
          ))}
          {ordersApis
            .filter((api) => api.workspaceId === workspace.workspaceId)
            .map((api) => (
              <StoreOrdersCards
                key={api.workspaceId}
                workspaceName={workspace.workspaceName}
                api={api}
                canChange={canChange}
                now={now}
              />
            ))}
        </Fragment>
      ))}
    </div>
  );
}
