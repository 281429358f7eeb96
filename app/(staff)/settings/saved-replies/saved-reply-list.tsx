"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-message";
import { describeProblem, sendJson } from "@/lib/client/send-json";
import type { SavedReplyView } from "@/lib/server/services/saved-replies/saved-reply-view";
import { SavedReplyForm } from "./saved-reply-form";

/** The replies the signed-in person can insert, each editable and archivable where they may. */
export function SavedReplyList({
  replies,
  canShare,
  agentName,
  showShop,
}: {
  replies: SavedReplyView[];
  canShare: boolean;
  agentName: string;
  showShop: boolean;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function archive(reply: SavedReplyView) {
    setError(null);
    const result = await sendJson(`/api/saved-replies/${reply.id}/archive`);
    if (!result.ok) {
      setError(`“${reply.title}” was not archived. ${describeProblem(result.problem)}`);
      return;
    }
    router.refresh();
  }

  if (replies.length === 0) {
    return <p className="text-sm text-slate-600">No saved replies yet.</p>;
  }
  return (
    <div className="space-y-3">
      <FormAlert>{error}</FormAlert>
      <ul className="divide-y divide-slate-200">
        {replies.map((reply) => (
          <li key={reply.id} className="space-y-2 py-3" aria-label={reply.title}>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold text-slate-900">{reply.title}</h3>
              <Badge tone={reply.shared ? "info" : "neutral"}>
                {reply.shared ? "Shared" : "Personal"}
              </Badge>
              {showShop && reply.workspaceName ? (
                <span className="text-xs text-slate-600">{reply.workspaceName}</span>
              ) : null}
            </div>
            {editing === reply.id ? (
              <SavedReplyForm
                initial={{
                  id: reply.id,
                  title: reply.title,
                  body: reply.body,
                  shared: reply.shared,
                  workspaceId: null,
                }}
                canShare={canShare}
                agentName={agentName}
                onDone={() => setEditing(null)}
              />
            ) : (
              <>
                <p className="whitespace-pre-wrap break-words font-mono text-sm text-slate-700">
                  {reply.body}
                </p>
                {reply.canEdit ? (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" onClick={() => setEditing(reply.id)}>
                      Edit<span className="sr-only"> {reply.title}</span>
                    </Button>
                    <Button variant="ghost" onClick={() => void archive(reply)}>
                      Archive<span className="sr-only"> {reply.title}</span>
                    </Button>
                  </div>
                ) : (
                  <p className="text-xs text-slate-600">Only an admin can change shared replies.</p>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
