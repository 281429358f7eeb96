import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { type OrderPushKeyView, toOrderPushKeyView } from "./order-push-key-view";

export type WorkspaceOrdersApi = {
  workspaceId: string;
  /** The workspace's public key, which a push names in X-Countersign-Workspace. */
  workspaceKey: string;
  /** Where the store pushes, under the app's public URL. */
  pushUrl: string;
  key: OrderPushKeyView | null;
};

/** Each workspace's orders API: where to push, which workspace key to send, its signing key masked. */
export async function listOrderPushKeys(
  input: { publicBaseUrl: string },
  context: Pick<UseCaseContext, "db">,
): Promise<WorkspaceOrdersApi[]> {
  const workspaces = await context.db.workspace.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, key: true, orderPushKey: true },
  });
  const pushUrl = new URL("/api/orders/", input.publicBaseUrl).href;
  return workspaces.map((workspace) => ({
    workspaceId: workspace.id,
    workspaceKey: workspace.key,
    pushUrl,
    key: workspace.orderPushKey ? toOrderPushKeyView(workspace.orderPushKey) : null,
  }));
}
