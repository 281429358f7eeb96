"use client";

import { useState } from "react";
import type { Outcome } from "@/components/ui/form-message";
import { describeProblem, type SendResult } from "@/lib/client/send-json";

/*
 * The draft of a staff text box and its one request: refused while empty, cleared once the
 * server took it, and the outcome in words either way.
 */
export function useTextSubmission({
  emptyMessage,
  send,
  sentMessage,
  onSent,
}: {
  emptyMessage: string;
  send: (text: string) => Promise<SendResult<unknown>>;
  sentMessage: () => string;
  onSent: () => void;
}) {
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit() {
    if (text.trim() === "") {
      setOutcome({ tone: "danger", text: emptyMessage });
      return;
    }
    setPending(true);
    setOutcome(null);
    const result = await send(text.trim());
    setPending(false);
    if (!result.ok) {
      setOutcome({ tone: "danger", text: describeProblem(result.problem) });
      return;
    }
    setText("");
    setOutcome({ tone: "success", text: sentMessage() });
    onSent();
  }

  return { text, setText, pending, outcome, submit };
}
