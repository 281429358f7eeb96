/**
 * Shown on every staff page while demo mode is on, so nobody mistakes a demo install (seeded
 * customers, staff replying as a customer) for one that serves real customers.
 */
export function DemoModeBanner() {
  return (
    <section
      aria-label="Demo mode"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 sm:px-6"
    >
      <strong className="font-semibold">Demo mode.</strong> Seeded demo data; staff can write as a
      customer, recorded as staff acting on the customer&apos;s behalf. Do not use with real
      customers.
    </section>
  );
}
