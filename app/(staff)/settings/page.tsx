import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireStaffPage } from "@/lib/auth/session";
import { db } from "@/lib/server/db";
import { getSettings } from "@/lib/server/settings/get-settings";
import { SettingsForm } from "./settings-form";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  await requireStaffPage("settings.write");
  const settings = await getSettings(db);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Limits the policy engine and the chat use. A change applies to every instance at once, is
          recorded in the audit log with the old and new value, and never changes a quote that a
          customer has already been shown.
        </p>
      </div>
      <Card>
        <CardHeader title="Refund limits and holds" />
        <CardBody>
          <SettingsForm settings={settings} />
        </CardBody>
      </Card>
    </div>
  );
}
