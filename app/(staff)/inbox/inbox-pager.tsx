import Link from "next/link";
import type { ReactNode } from "react";

/** Newer and older pages of the conversation list; shown only when there is another page. */
export function InboxPager({
  newerHref,
  olderHref,
}: {
  newerHref: string | null;
  olderHref: string | null;
}) {
  if (!newerHref && !olderHref) return null;
  return (
    <nav aria-label="Pages" className="flex justify-between gap-3 px-4 py-3 sm:px-6">
      <PageLink href={newerHref}>
        <span aria-hidden="true">←</span> Newer
      </PageLink>
      <PageLink href={olderHref}>
        Older <span aria-hidden="true">→</span>
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
