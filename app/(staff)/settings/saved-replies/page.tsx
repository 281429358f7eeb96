import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { can } from "@/lib/domain/authz";
import {
  SAVED_REPLY_VARIABLE_DESCRIPTIONS,
  SAVED_REPLY_VARIABLES,
} from "@/lib/domain/saved-reply-template";
import { requireStaffPage } from "@/lib/server/auth/session";
import { appContext } from "@/lib/server/process/app-context";
import { listSavedReplies } from "@/lib/server/services/saved-replies/list-saved-replies";
import { namedStaffWorkspaces } from "@/lib/server/services/workspaces/staff-workspaces";
import { SavedReplyForm } from "./saved-reply-form";
import { SavedReplyList } from "./saved-reply-list";

export const metadata: Metadata = { title: "Saved replies" };
export const dynamic = "force-dynamic";

export default async function SavedRepliesPage() {
  const session = await requireStaffPage("tickets.reply");
  const canShare = can([session.user.role], "replies.share");
  const { replies } = await listSavedReplies({ viewer: session.user }, appContext());
  const workspaces = await namedStaffWorkspaces(appContext().db, session.user.id);
  return (
    <div className="space-y-6">
      <div>
        {can([session.user.role], "settings.write") ? (
          <Link href="/settings" className="text-sm text-blue-800 underline">
            Settings
          </Link>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">Saved replies</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Replies you insert into a ticket&apos;s composer by typing <kbd>/</kbd> in an empty reply
          box. Variables are filled in from the ticket&apos;s records, never typed; if a ticket has
          no value for one (no open quote, no order), nothing is inserted and the composer says
          which is missing.
          {canShare ? null : " Shared replies are written by admins; yours are only yours."}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="New saved reply" />
          <CardBody>
            <SavedReplyForm
              initial={{
                id: null,
                title: "",
                body: "",
                shared: canShare,
                workspaceId: workspaces[0]?.id ?? null,
              }}
              workspaces={workspaces}
              canShare={canShare}
              agentName={session.user.name}
            />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Variables" description="Write them with double braces." />
          <CardBody>
            <dl className="space-y-2 text-sm">
              {SAVED_REPLY_VARIABLES.map((variable) => (
                <div key={variable}>
                  <dt className="break-all font-mono text-slate-900">{`{{${variable}}}`}</dt>
                  <dd className="text-slate-600">{SAVED_REPLY_VARIABLE_DESCRIPTIONS[variable]}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
      </div>
      <Card>
        <CardHeader
          title="Your saved replies"
          description="The team's shared replies and your personal ones."
        />
        <CardBody>
          <SavedReplyList
            replies={replies}
            canShare={canShare}
            agentName={session.user.name}
            showShop={workspaces.length > 1}
          />
        </CardBody>
      </Card>
    </div>
  );
}
