import { z } from "zod";
import { defineRoute } from "@/lib/server/http/route";
import { recordIdSchema } from "@/lib/server/services/connections/record-id";
import { removePaymentConnection } from "@/lib/server/services/connections/remove-payment-connection";

export const DELETE = defineRoute(
  { permission: "settings.write", params: z.object({ connectionId: recordIdSchema }) },
  async ({ params, session, context }) => {
    await removePaymentConnection(
      { connectionId: params.connectionId, staffId: session.user.id },
      context,
    );
  },
);
