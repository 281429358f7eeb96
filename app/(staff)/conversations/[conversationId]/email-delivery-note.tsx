import type { EmailDelivery } from "@/lib/server/services/conversations/get-conversation-thread";

/** Why an email has not reached the customer yet, or never will; nothing while all is well. */
export function EmailDeliveryNote({ email }: { email: EmailDelivery }) {
  if (!email.lastError) return null;
  const failed = email.status === "failed";
  return (
    <p
      className={`mt-1 break-words text-xs ${failed ? "font-medium text-red-800" : "text-slate-700"}`}
    >
      {failed ? "Not delivered: " : `Last attempt failed (${email.attempts} so far): `}
      {email.lastError}
    </p>
  );
}
