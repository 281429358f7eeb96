import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import { getServerEnv } from "@/lib/server/env";
import { defineRoute } from "@/lib/server/http/route";
import { provisionDemoShopper } from "@/lib/server/services/widget/prepare-demo-shop";

const pickSchema = z.object({ seedEmail: z.email() });

/*
 * The picker on /demo: sign in to the shop as a fresh copy of the chosen seeded customer. A plain
 * form post answered with a redirect, so the shop page loads afresh and the widget loader runs
 * again with the new customer's token.
 */
export const POST = defineRoute({ permission: "public" }, async ({ req, context }) => {
  if (!getServerEnv().DEMO_MODE) throw new AppError("NOT_FOUND", "Demo mode is off.");
  const form = pickSchema.safeParse(Object.fromEntries(await req.formData()));
  if (!form.success) throw new AppError("VALIDATION_FAILED", "Pick one of the demo customers.");
  const email = await provisionDemoShopper({ seedEmail: form.data.seedEmail }, context);
  return new Response(null, {
    status: 303,
    headers: { Location: `/demo?customer=${encodeURIComponent(email)}` },
  });
});
