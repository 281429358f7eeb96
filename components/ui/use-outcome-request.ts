"use client";

import { useState } from "react";
import { describeProblem, type SendResult } from "@/lib/client/send-json";
import type { Outcome } from "./form-message";

/*
 * One request at a time from a row of buttons, and how the last one ended in words: `done` on
 * success (from the answer when it needs it; nothing when the answer shows itself), the server's
 * problem otherwise. The caller gets the result to act on, e.g. to refresh the page.
 */
export function useOutcomeRequest() {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function request<Answer>(
    send: () => Promise<SendResult<Answer>>,
    done: string | null | ((answer: Answer) => string),
  ): Promise<SendResult<Answer>> {
    setPending(true);
    setOutcome(null);
    const result = await send();
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
    } else if (done !== null) {
      setOutcome({ tone: "success", text: typeof done === "string" ? done : done(result.data) });
    }
    return result;
  }

  return { pending, outcome, setOutcome, request };
}
