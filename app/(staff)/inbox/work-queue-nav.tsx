import {
  WORK_QUEUES,
  type WorkQueue,
  type WorkQueueCounts,
} from "@/lib/server/services/queues/list-work-queue";
import { QUEUE_TITLES } from "./queue-titles";
import { StatusLink } from "./status-link";

/** One pill per work queue with how many items wait in it. */
export function WorkQueueNav({
  counts,
  current,
}: {
  counts: WorkQueueCounts;
  current: WorkQueue | undefined;
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
      </ul>
    </nav>
  );
}
