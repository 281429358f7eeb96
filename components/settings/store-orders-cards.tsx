import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { WorkspaceOrdersApi } from "@/lib/server/services/store-orders/list-order-push-keys";
import { OrdersApiCard } from "./orders-api-card";
import { OrdersCsvImportCard } from "./orders-csv-import-card";

/** A workspace's two doors for a store without a connector: the signed orders API and CSV import. */
export function StoreOrdersCards({
  workspaceName,
  api,
  canChange,
  now,
}: {
  workspaceName: string;
  api: WorkspaceOrdersApi;
  canChange: boolean;
  now: Date;
}) {
  return (
    <>
      <Card>
        <CardHeader
          title={`${workspaceName}: Orders API`}
          description="Any store can push its orders here, signed with this workspace's key. The agent and the policy read them like any other order."
        />
        <CardBody>
          <OrdersApiCard api={api} canChange={canChange} now={now} />
        </CardBody>
      </Card>
      {canChange ? (
        <Card>
          <CardHeader
            title={`${workspaceName}: Import orders from CSV`}
            description="Orders from a spreadsheet or a store's export, checked whole: all of the file or none of it."
          />
          <CardBody>
            <OrdersCsvImportCard workspaceId={api.workspaceId} />
          </CardBody>
        </Card>
      ) : null}
    </>
  );
}
