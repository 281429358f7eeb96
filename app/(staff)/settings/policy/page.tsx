import type { Metadata } from "next";
import Link from "next/link";
import { PolicyEditor } from "@/components/policy/policy-editor";
import { can } from "@/lib/domain/authz";
import { requireStaffPage } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { appContext } from "@/lib/server/process/app-context";
import { getPolicyEditor } from "@/lib/server/services/policies/get-policy-editor";
import { staffWorkspaceIds } from "@/lib/server/services/workspaces/staff-workspaces";
import { getSettings } from "@/lib/server/settings/get-settings";

export const metadata: Metadata = { title: "Refund policy" };
export const dynamic = "force-dynamic";

export default async function RefundPolicyPage({
  searchParams,
}: {
  searchParams: Promise<{ workspace?: string | string[] }>;
}) {
  const session = await requireStaffPage("settings.read");
  const canEdit = can([session.user.role], "policy.publish");
  const memberOf = await staffWorkspaceIds(db, session.user.id);
  const asked = (await searchParams).workspace;
  // The shop named in the address if the staff member works there, else their first one.
  const workspaceId = memberOf.find((id) => id === asked) ?? memberOf[0];
  const workspaces =
    memberOf.length > 1
      ? await db.workspace.findMany({
          where: { id: { in: memberOf } },
          select: { id: true, name: true },
          orderBy: { name: "asc" },
        })
      : [];
  return (
    <div className="space-y-6">
      <div>
        {can([session.user.role], "settings.write") ? (
          <Link href="/settings" className="text-sm text-blue-800 underline">
            Settings
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">Refund policy</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          The terms every refund quote is made under: return windows, fees, shipping and when a
          person must approve. Edit a draft, run the dry run to see what it would have changed, then
          publish it now or for a window. A quote keeps the version it was made under.
        </p>
        {workspaces.length > 1 ? (
          <nav aria-label="Shops" className="mt-3 flex flex-wrap gap-3 text-sm">
            {workspaces.map((workspace) => (
              <Link
                key={workspace.id}
                href={`/settings/policy?workspace=${encodeURIComponent(workspace.id)}`}
                aria-current={workspace.id === workspaceId ? "page" : undefined}
                className="text-blue-800 underline aria-[current=page]:font-semibold aria-[current=page]:no-underline"
              >
                {workspace.name}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {workspaceId === undefined ? (
        <p className="text-sm text-slate-700">You are not a member of any shop yet.</p>
      ) : (
        <PolicyEditor
          key={workspaceId}
          state={await getPolicyEditor({ workspaceId }, appContext())}
          settings={await getSettings(db)}
          canEdit={canEdit}
        />
      )}
    </div>
  );
}
