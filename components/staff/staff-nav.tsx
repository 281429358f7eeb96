"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export type StaffNavItem = { href: string; label: string };

export function StaffNav({ items }: { items: StaffNavItem[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="-mx-2 overflow-x-auto">
      <ul className="flex flex-wrap gap-1 px-2">
        {items.map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium sm:min-h-10 ${
                  current
                    ? "bg-slate-900 text-white"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
