import { DEMO_STAFF } from "@/prisma/demo-data";

/** The seeded demo logins, shown only in demo mode (they are public in the README anyway). */
export function DemoAccounts() {
  return (
    <section aria-labelledby="demo-accounts" className="rounded-md bg-slate-50 p-4 text-sm">
      <h2 id="demo-accounts" className="font-medium text-slate-900">
        Demo accounts
      </h2>
      <ul className="mt-2 space-y-3">
        {DEMO_STAFF.map((staff) => (
          <li key={staff.email} className="text-slate-700">
            <span className="block font-medium capitalize text-slate-900">{staff.role}</span>
            <code className="block font-mono">{staff.email}</code>
            <code className="block font-mono">{staff.password}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
