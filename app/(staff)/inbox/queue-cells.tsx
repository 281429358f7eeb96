import Link from "next/link";

/** The ticket a queue row is about. */
export function TicketLink({ id, subject }: { id: string; subject: string }) {
  return (
    <Link
      href={`/conversations/${id}`}
      className="font-medium text-blue-800 underline-offset-2 hover:underline"
    >
      {subject}
    </Link>
  );
}

/** The customer a queue row is about: name linking to their page, then their email. */
export function CustomerLink({
  customer,
}: {
  customer: { id: string; name: string; email: string };
}) {
  return (
    <>
      <Link
        href={`/customers/${customer.id}`}
        className="block font-medium text-blue-800 underline-offset-2 hover:underline"
      >
        {customer.name}
      </Link>
      <span className="block break-all text-slate-600">{customer.email}</span>
    </>
  );
}

export function EmptyQueue() {
  return <p className="px-4 pb-4 text-sm text-slate-700 sm:px-6">Nothing waits in this queue.</p>;
}
