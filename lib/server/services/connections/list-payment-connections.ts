import "server-only";
import type { UseCaseContext } from "@/lib/server/use-case-context";
import { findWorkspacesWithConnections } from "./payment-connection-queries";
import { type PaymentConnectionView, toPaymentConnectionView } from "./payment-connection-view";

export type WorkspaceConnections = {
  workspaceId: string;
  workspaceName: string;
  connections: PaymentConnectionView[];
};

/** Every workspace and its payment connections, secrets masked; anyone with settings.read. */
export async function listPaymentConnections(
  input: { publicBaseUrl: string },
  context: Pick<UseCaseContext, "db">,
): Promise<{ workspaces: WorkspaceConnections[] }> {
  const workspaces = await findWorkspacesWithConnections(context.db);
  return {
    workspaces: workspaces.map((workspace) => ({
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      connections: workspace.paymentConnections.map((row) =>
        toPaymentConnectionView(row, input.publicBaseUrl),
      ),
    })),
  };
}
