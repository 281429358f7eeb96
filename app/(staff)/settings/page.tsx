import type { Metadata } from "next";
import Link from "next/link";
import { TagRuleSwitches } from "@/components/tags/tag-rule-switches";
import { buttonClassName } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireStaffPage } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { getSlaSettings } from "@/lib/server/services/sla/sla-settings-store";
import { listTagRules } from "@/lib/server/services/tags/tag-rule-switches";
import { getSettings } from "@/lib/server/settings/get-settings";
import { RetentionForm } from "./retention-form";
import { RetentionRun } from "./retention-run";
import { SettingsForm } from "./settings-form";
import { SlaSettingsForm } from "./sla-settings-form";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const session = await requireStaffPage("settings.write");
  const [settings, slaSettings, tagRules] = await Promise.all([
    getSettings(db),
    getSlaSettings(db),
    listTagRules({ staffUserId: session.user.id }, { db }),
  ]);
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
        <CardHeader
          title="Connections"
          description="Each shop's Stripe account: its keys, the webhook to add in Stripe, and whether the connection works."
          actions={
            <Link href="/settings/connections" className={buttonClassName("secondary")}>
              Manage connections
            </Link>
          }
        />
      </Card>
      <Card>
        <CardHeader
          title="Refund policy"
          description="Return windows, fees, auto-approve limits and the quote hold: drafted, proven with a dry run and published as versions."
          actions={
            <Link href="/settings/policy" className={buttonClassName("secondary")}>
              Edit refund policy
            </Link>
          }
        />
      </Card>
      <Card>
        <CardHeader
          title="Saved replies"
          description="Replies the team inserts from the composer, with variables filled in from the ticket."
          actions={
            <Link href="/settings/saved-replies" className={buttonClassName("secondary")}>
              Manage saved replies
            </Link>
          }
        />
      </Card>
      <Card>
        <CardHeader
          title="Chat"
          description={
            <>
              The auto-approve limits and the quote hold are part of the{" "}
              <Link href="/settings/policy" className="text-blue-800 underline">
                refund policy
              </Link>{" "}
              now, so a change to them is proven with a dry run and published as a version.
            </>
          }
        />
        <CardBody>
          <SettingsForm settings={settings} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="SLA"
          description="How soon each channel's tickets get a first reply and a resolution, counted in business hours. The inbox flags tickets breaching soon and breached; a person can pause a ticket's SLA with a reason."
        />
        <CardBody>
          <SlaSettingsForm settings={slaSettings} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="Tag rules"
          description="Each rule tags a ticket when its event happens, in the same transaction. Switched off, it tags nothing new; tags it already added stay."
        />
        <CardBody>
          <TagRuleSwitches initial={tagRules} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader
          title="Retention"
          description="An hourly job deletes operational rows older than these periods. Audit events are never deleted, and nothing an open refund or an unreconciled payment needs is deleted."
        />
        <CardBody className="space-y-8">
          <RetentionForm settings={settings} />
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-900">Run retention now</h3>
            <p className="max-w-prose text-sm text-slate-600">
              A dry run counts what would be deleted and changes nothing. Prune now deletes it and
              records the counts in the audit log.
            </p>
            <RetentionRun />
          </div>
        </CardBody>
      </Card>
    </div>
  );
}
