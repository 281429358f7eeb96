import { z } from "zod";
import { staffPasswordSchema } from "@/lib/domain/staff-accounts";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { setPasswordFromLink } from "@/lib/server/services/staff/set-password-from-link";

// The set-password page's form: public, since the signed one-time token is the credential.
export const POST = defineRoute(
  {
    permission: "public",
    body: z.object({ token: z.string().min(1).max(2000), password: staffPasswordSchema }),
    maxBodyBytes: 4 * 1024,
  },
  async ({ body, context }) =>
    setPasswordFromLink({ ...body, secret: getServerEnv().NEXTAUTH_SECRET }, context),
);
