import Link from "next/link";
import { ServerStatusPill } from "@/components/realtime/server-status-pill";
import { Badge } from "@/components/ui/badge";
import { can, type Permission } from "@/lib/domain/authz";
import type { StaffSession } from "@/lib/server/auth/session";
import { SignOutButton } from "./sign-out-button";
import { StaffNav, type StaffNavItem } from "./staff-nav";

const navItems: (StaffNavItem & { permission: Permission })[] = [
  { href: "/inbox", label: "Inbox", permission: "tickets.read" },
  { href: "/approvals", label: "Approvals", permission: "approvals.read" },
  { href: "/insights", label: "Insights", permission: "tickets.read" },
  { href: "/audit", label: "Audit", permission: "audit.read" },
  { href: "/settings", label: "Settings", permission: "settings.write" },
  { href: "/staff", label: "Staff", permission: "staff.manage" },
];

export function StaffHeader({ user }: { user: StaffSession["user"] }) {
  // Hiding a link is courtesy only; each page and route checks the permission again.
  const visible = navItems
    .filter((item) => can([user.role], item.permission))
    .map(({ href, label }) => ({ href, label }));

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
        <Link
          href="/inbox"
          className="flex min-h-10 items-center gap-2 rounded-md text-base font-semibold tracking-tight text-slate-900"
        >
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-md bg-slate-900 text-sm text-white"
          >
            C
          </span>
          Countersign
        </Link>
        <div className="order-3 w-full sm:order-none sm:w-auto sm:flex-1">
          <StaffNav items={visible} />
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          <ServerStatusPill />
          <p className="hidden text-right text-sm leading-tight sm:block">
            <span className="block font-medium text-slate-900">{user.name}</span>
            <span className="block text-slate-600">{user.email}</span>
          </p>
          <Badge tone="info">
            <span className="sr-only">Role: </span>
            {user.role}
          </Badge>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
