import Link from "next/link";
import type { ReactNode } from "react";
import type { InboxSort } from "@/lib/domain/saved-view-filter";

/**
 * The previous and next pages of the conversation list, named by the activity they hold in the
 * list's order; shown only when there is another page.
 */
export function InboxPager({
  sort,
  previousHref,
  nextHref,
}: {
  sort: InboxSort;
  /** The previous page (its cursor is `before`). */
  previousHref: string | null;
  /** The next page (its cursor is `after`). */
  nextHref: string | null;
}) {
  if (!previousHref && !nextHref) return null;
  const [previous, next] = sort === "newest" ? ["Newer", "Older"] : ["Older", "Newer"];
  return (
    <nav aria-label="Pages" className="flex justify-between gap-3 px-4 py-3 sm:px-6">
      <PageLink href={previousHref}>
        <span aria-hidden="true">←</span> {previous}
      </PageLink>
      <PageLink href={nextHref}>
        {next} <span aria-hidden="true">→</span>
      </PageLink>
    </nav>
  );
}

function PageLink({ href, children }: { href: string | null; children: ReactNode }) {
  const className = "inline-flex min-h-10 items-center gap-1 rounded-md px-3 text-sm font-medium";
  if (!href) {
    return (
      <span className={`${className} text-slate-500`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link href={href} className={`${className} text-blue-800 hover:bg-slate-100`}>
      {children}
    </Link>
  );
}
