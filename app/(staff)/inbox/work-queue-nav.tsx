import {
  WORK_QUEUES,
  type WorkQueue,
  type WorkQueueCounts,
} from "@/lib/server/services/queues/list-work-queue";
import {
  type SavedViewSummary,
  savedViewHref,
} from "@/lib/server/services/saved-views/list-saved-views";
import { CountLabel } from "./count-label";
import { QUEUE_TITLES } from "./queue-titles";
import { StatusLink } from "./status-link";

/** One pill per work queue with how many items wait in it, then the saved views with theirs. */
export function WorkQueueNav({
  counts,
  current,
  views = [],
  currentView,
}: {
  counts: WorkQueueCounts;
  current: WorkQueue | undefined;
  views?: SavedViewSummary[];
  currentView?: string | undefined;
}) {
  return (
    <nav aria-label="Work queues">
      <ul className="flex flex-wrap gap-2">
        {WORK_QUEUES.map((name) => (
          <li key={name}>
            <StatusLink href={`/inbox?queue=${name}`} current={current === name}>
              {QUEUE_TITLES[name]}{" "}
              <span className="tabular-nums" data-testid={`queue-count-${name}`}>
                ({counts[name]})
              </span>
            </StatusLink>
          </li>
        ))}
        {views.map((view) => (
          <li key={view.id} data-testid="saved-view">
            <StatusLink href={savedViewHref(view)} current={currentView === view.id}>
              {view.name}
              {view.shared ? <span className="sr-only">(shared view)</span> : null}{" "}
              <CountLabel value={view.count} />
            </StatusLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
