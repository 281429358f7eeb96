"use client";

import { type FormEvent, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import { startSession } from "./widget-api";

/** Starts a session from the email and order number the customer typed. */
export function useIdentityCheck(workspace: string, onVerified: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    const result = await startSession({
      workspace,
      method: "order_check",
      email: String(form.get("email") ?? ""),
      orderNumber: String(form.get("orderNumber") ?? ""),
    });
    setBusy(false);
    if (result.ok) onVerified();
    else setProblem(describeProblem(result.problem));
  }

  return { problem, busy, submit };
}
