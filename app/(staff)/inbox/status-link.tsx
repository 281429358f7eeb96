import Link from "next/link";
import type { ReactNode } from "react";

/** A filter pill; the one showing now is marked current. */
export function StatusLink({
  href,
  current,
  children,
}: {
  href: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      aria-current={current ? "true" : undefined}
      className={`inline-flex min-h-9 items-center gap-1 rounded-full px-3 text-sm font-medium ring-1 ring-inset ${
        current
          ? "bg-slate-900 text-white ring-slate-900"
          : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
      }`}
    >
      {children}
    </Link>
  );
}
