import type { Metadata } from "next";
import { formatMoney } from "@/lib/domain/money";
import { hasPermission, requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { listApprovalQueue } from "@/lib/server/services/approvals/list-approval-queue";
import { listApprovedRefunds } from "@/lib/server/services/approvals/list-approved-refunds";
import { ApprovalQueue } from "./approval-queue";
import { ApprovedRefunds } from "./approved-refunds";

export const metadata: Metadata = { title: "Approvals" };
export const dynamic = "force-dynamic";

export default async function ApprovalsPage() {
  const session = await requireStaffPage("approvals.read");
  const canDecide = hasPermission(session, "approvals.decide");
  const context = appContext();
  const [queue, approved] = await Promise.all([
    listApprovalQueue({ staffUserId: session.user.id }, context),
    listApprovedRefunds({ staffUserId: session.user.id }, context),
  ]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Approvals</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Refunds the refund policy sends to a person (above its auto-approve limit, and every
          refund asked for by email) wait here. Amounts are the policy engine&apos;s stored quote;
          approving pays exactly that quote. An approver approves up to{" "}
          {formatMoney(queue.approverLimitCents)}; a larger refund needs an admin.
        </p>
        {canDecide ? null : (
          <p className="mt-2 max-w-prose rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-300">
            Your role can see this queue but not decide. An approver or admin signs off on refunds.
          </p>
        )}
      </div>

      <ApprovalQueue
        items={queue.items}
        canDecide={canDecide}
        viewerRoles={[session.user.role]}
        limits={{ approverLimitCents: queue.approverLimitCents }}
      />
      {queue.truncated ? (
        <p className="text-sm text-slate-700">
          Showing the 100 oldest requests; more appear as these are decided.
        </p>
      ) : null}
      <ApprovedRefunds refunds={approved} />
    </div>
  );
}
