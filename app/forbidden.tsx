import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

// Rendered inside the staff layout's <main> (only staff pages call forbidden()), so no landmark here.
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">
        You don&apos;t have access to this page
      </h1>
      <p className="mt-2 text-slate-700">
        Your role does not include this area. Ask an admin if you need it.
      </p>
      <Link href="/inbox" className={buttonClassName("secondary", "mt-6")}>
        Back to the inbox
      </Link>
    </div>
  );
}
