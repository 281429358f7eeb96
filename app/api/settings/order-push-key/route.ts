import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { connectionsEncryptionKey } from "@/lib/server/process/connections-encryption-key";
import { createOrderPushKey } from "@/lib/server/services/store-orders/create-order-push-key";

// Makes a workspace's orders API signing key, or rotates it; answers the whole key this once.
export const POST = defineRoute(
  {
    permission: "settings.write",
    body: z
      .object({ workspaceId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be a workspace id") })
      .strict(),
    maxBodyBytes: 1024,
  },
  async ({ body, session, context }) => {
    const created = await createOrderPushKey(
      {
        workspaceId: body.workspaceId,
        staffId: session.user.id,
        encryptionKey: connectionsEncryptionKey(),
      },
      context,
    );
    return new Response(JSON.stringify(created), {
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  },
);
