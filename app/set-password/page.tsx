import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody } from "@/components/ui/card";
import { getServerEnv } from "@/lib/server/env";
import { appContext } from "@/lib/server/process/app-context";
import { findPasswordLinkAccount } from "@/lib/server/services/staff/set-password-from-link";
import { SetPasswordForm } from "./set-password-form";

export const metadata: Metadata = { title: "Set your password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

type SetPasswordPageProps = {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/* Where an invitation or a password reset link lands. The token is checked again on submit. */
export default async function SetPasswordPage({ searchParams }: SetPasswordPageProps) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? "";
  const account = token
    ? await findPasswordLinkAccount({ token, secret: getServerEnv().NEXTAUTH_SECRET }, appContext())
    : null;

  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-sm space-y-6">
        <div className="text-center">
          <p className="text-2xl font-semibold tracking-tight text-slate-900">Countersign</p>
          <h1 className="mt-1 text-sm text-slate-600">Set your password</h1>
        </div>
        <Card>
          <CardBody className="space-y-4 py-6">
            {account ? (
              <SetPasswordForm token={token} name={account.name} email={account.email} />
            ) : (
              <div className="space-y-3 text-sm text-slate-800">
                <p role="alert">
                  This link has expired or was already used. Ask an admin for a new one.
                </p>
                <Link href="/login" className="font-medium text-blue-800 underline">
                  Go to sign in
                </Link>
              </div>
            )}
          </CardBody>
        </Card>
      </div>
    </main>
  );
}
