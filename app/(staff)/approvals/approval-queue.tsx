"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useLiveRefresh } from "@/components/realtime/use-live-events";
import type { ApprovalLimits } from "@/lib/domain/approval-limit";
import type { Role } from "@/lib/domain/authz";
import type { ApprovalQueueItem } from "@/lib/server/services/approvals/list-approval-queue";
import { ApprovalCard, type DecisionOutcome } from "./approval-card";
import { NothingWaiting } from "./nothing-waiting";

/*
 * Keeps what this person decided on screen even after a live refresh drops the item from the
 * server's queue, so the result ("approved, refund issued" or "Alice decided first") stays
 * readable until they move on. A card whose decision is still in flight stays too: when
 * another approver decides first, the live refresh drops the item before this person's
 * answer (a refusal or an error) arrives, and that answer must not vanish with the card.
 * Any committed change re-renders the queue from the server.
 */
export function ApprovalQueue({
  items,
  canDecide,
  viewerRoles,
  limits,
}: {
  items: ApprovalQueueItem[];
  canDecide: boolean;
  viewerRoles: Role[];
  limits: ApprovalLimits;
}) {
  const [decided, setDecided] = useState<
    Record<string, { item: ApprovalQueueItem; outcome: DecisionOutcome }>
  >({});

  const [sent, setSent] = useState<Record<string, ApprovalQueueItem>>({});

  useLiveRefresh();
  const router = useRouter();
  // Back and forward restore this page from the router's cache, as rendered then; a card decided
  // since would still offer its buttons. Ask the server once for the queue as it is now.
  useEffect(() => router.refresh(), [router]);

  const serverIds = new Set(items.map((item) => item.actionId));
  const waiting = [
    ...items,
    ...Object.values(sent).filter((item) => !serverIds.has(item.actionId)),
  ].filter((item) => !decided[item.actionId]);
  const done = Object.values(decided);

  return (
    <div className="space-y-4">
      <h2 className="sr-only">Waiting for a decision</h2>
      {done.length > 0 ? (
        <ul className="space-y-4" aria-label="Decided just now">
          {done.map(({ item, outcome }) => (
            <li key={item.actionId}>
              <ApprovalCard
                item={item}
                canDecide={canDecide}
                viewerRoles={viewerRoles}
                limits={limits}
                outcome={outcome}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.length === 0 && done.length === 0 ? <NothingWaiting /> : null}
      <ul className="space-y-4" aria-label="Refunds waiting for approval">
        {waiting.map((item) => (
          <li key={item.actionId}>
            <ApprovalCard
              item={item}
              canDecide={canDecide}
              viewerRoles={viewerRoles}
              limits={limits}
              outcome={null}
              leftQueue={!serverIds.has(item.actionId)}
              onDecisionSent={() => setSent((current) => ({ ...current, [item.actionId]: item }))}
              onDecided={(outcome) =>
                setDecided((current) => ({ ...current, [item.actionId]: { item, outcome } }))
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
