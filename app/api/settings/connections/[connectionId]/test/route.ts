import { z } from "zod";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { recordIdSchema } from "@/lib/server/services/connections/record-id";
import { testPaymentConnection } from "@/lib/server/services/connections/test-payment-connection";

// Answers the connection with its new health; a failed check is an answer (200), not an error.
export const POST = defineRoute(
  { permission: "settings.write", params: z.object({ connectionId: recordIdSchema }) },
  ({ params, session, context }) =>
    testPaymentConnection(
      {
        connectionId: params.connectionId,
        staffId: session.user.id,
        publicBaseUrl: getServerEnv().NEXTAUTH_URL,
      },
      context,
    ),
);
