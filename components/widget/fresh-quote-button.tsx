"use client";

import { useRef, useState } from "react";
import { FormAlert } from "@/components/ui/form-message";
import { describeProblem } from "@/lib/client/send-json";
import { freshQuoteRequestText } from "@/lib/domain/fresh-quote-request";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { isSessionLost, newClientMessageId, sendMessage } from "./widget-api";

type Props = {
  card: WidgetQuoteCard;
  onSent: () => void;
  onSessionLost: (detail: string) => void;
};

/*
 * Under a quote that lapsed: asks for a new quote for the same items and reason, as an ordinary
 * customer message through the message API, so the agent proposes again and a new card appears.
 * The request keeps one client message id until it is accepted, so a retry or a double press is
 * stored once.
 */
export function FreshQuoteButton({ card, onSent, onSessionLost }: Props) {
  const [state, setState] = useState<"ready" | "sending" | "sent">("ready");
  const [problem, setProblem] = useState<string | null>(null);
  const requestId = useRef(newClientMessageId());
  const inFlight = useRef(false);

  async function ask() {
    if (inFlight.current) return;
    inFlight.current = true;
    setState("sending");
    setProblem(null);
    const text = freshQuoteRequestText({
      orderNumber: card.orderNumber,
      lineNames: card.lines.map((line) => line.name),
      reason: card.reason,
    });
    const result = await sendMessage(requestId.current, text);
    inFlight.current = false;
    if (isSessionLost(result)) {
      setState("ready");
      onSessionLost(result.ok ? "" : describeProblem(result.problem));
      return;
    }
    if (!result.ok) {
      setState("ready");
      setProblem(describeProblem(result.problem));
      return;
    }
    setState("sent");
    onSent();
  }

  return (
    <div className="mt-3">
      {state === "sent" ? (
        <p role="status">You asked for a fresh quote for these items.</p>
      ) : (
        <button
          type="button"
          disabled={state === "sending"}
          onClick={() => void ask()}
          aria-describedby={`quote-${card.id}-status`}
          className="min-h-11 w-full rounded-md bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Ask for a fresh quote
        </button>
      )}
      <FormAlert surface="widget" className="mt-2">
        {problem}
      </FormAlert>
    </div>
  );
}
