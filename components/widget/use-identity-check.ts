"use client";

import { type FormEvent, type RefObject, useState } from "react";
import type { Language } from "@/lib/domain/languages";
import { startSession } from "./widget-api";
import { problemNotice, type WidgetNotice } from "./widget-notice";

/** Starts a session from the email and order number the customer typed (and their language). */
export function useIdentityCheck(
  workspace: string,
  chosenLanguage: RefObject<Language | null>,
  onVerified: () => void,
) {
  const [problem, setProblem] = useState<WidgetNotice | null>(null);
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
      ...(chosenLanguage.current && { language: chosenLanguage.current }),
    });
    setBusy(false);
    if (result.ok) onVerified();
    else setProblem(problemNotice(result));
  }

  return { problem, busy, submit };
}
