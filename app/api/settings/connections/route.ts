import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { connectionsEncryptionKey } from "@/lib/server/process/connections-encryption-key";
import { listPaymentConnections } from "@/lib/server/services/connections/list-payment-connections";
import {
  paymentConnectionKeysSchema,
  savePaymentConnection,
} from "@/lib/server/services/connections/save-payment-connection";

export const GET = defineRoute({ permission: "settings.read" }, ({ context }) =>
  listPaymentConnections({ publicBaseUrl: getServerEnv().NEXTAUTH_URL }, context),
);

// Saves (or replaces) a workspace's keys; answers the connection, masked, and whether it replaced one.
export const PUT = defineRoute(
  { permission: "settings.write", body: paymentConnectionKeysSchema, maxBodyBytes: 2 * 1024 },
  ({ body, session, context }) =>
    savePaymentConnection(
      {
        ...body,
        staffId: session.user.id,
        publicBaseUrl: getServerEnv().NEXTAUTH_URL,
        encryptionKey: connectionsEncryptionKey(),
      },
      context,
    ),
);
