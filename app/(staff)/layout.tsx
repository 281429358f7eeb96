import type { ReactNode } from "react";
import { DemoModeBanner } from "@/components/staff/demo-mode-banner";
import { StaffHeader } from "@/components/staff/staff-header";
import { requireStaffSession } from "@/lib/server/auth/session";
import { getServerEnv } from "@/lib/server/env";

export default async function StaffLayout({ children }: { children: ReactNode }) {
  // Each page checks its own permission too: a layout is not re-rendered on client navigation.
  const session = await requireStaffSession();

  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 text-sm font-medium text-blue-800 shadow focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50"
      >
        Skip to content
      </a>
      {getServerEnv().DEMO_MODE ? <DemoModeBanner /> : null}
      <StaffHeader user={session.user} />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6"
      >
        {children}
      </main>
    </>
  );
}
