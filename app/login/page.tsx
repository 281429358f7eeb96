import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Card, CardBody } from "@/components/ui/card";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { clientSourceFromHeaders, isLoopbackAddress, trustedProxyList } from "@/lib/auth/client-ip";
import { linkErrorMessage } from "@/lib/auth/sign-in-error";
import { getStaffSession } from "@/lib/server/auth/session";
import { getServerEnv } from "@/lib/server/env";
import { DemoAccounts } from "./demo-accounts";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

type LoginPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(firstValue(params.callbackUrl));
  // Someone already signed in (and still active) has nothing to do here.
  if (await getStaffSession()) redirect(callbackUrl);

  const error = firstValue(params.error);
  const env = getServerEnv();
  // Demo passwords are for the person at this machine: a client on the network never sees them.
  const client = clientSourceFromHeaders(await headers(), trustedProxyList(env.TRUSTED_PROXIES));
  const showDemoAccounts = env.DEMO_MODE && isLoopbackAddress(client);

  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="text-center">
          <p className="text-2xl font-semibold tracking-tight text-slate-900">Countersign</p>
          <h1 className="mt-1 text-sm text-slate-600">Sign in to the support desk</h1>
        </div>
        <Card>
          <CardBody className="space-y-6 py-6">
            <LoginForm
              callbackUrl={callbackUrl}
              initialError={error ? linkErrorMessage(error) : null}
            />
            {showDemoAccounts ? <DemoAccounts /> : null}
          </CardBody>
        </Card>
      </div>
    </main>
  );
}
