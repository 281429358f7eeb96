"use client";

import { useRef, useState } from "react";
import { FormAlert } from "@/components/ui/form-message";
import { freshQuoteRequestText } from "@/lib/domain/fresh-quote-request";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { isSessionLost, newClientMessageId, sendMessage } from "./widget-api";
import { noticeText, problemNotice, type WidgetNotice } from "./widget-notice";
import { useWidgetText } from "./widget-text";

type Props = {
  card: WidgetQuoteCard;
  onSent: () => void;
  onSessionLost: (notice: WidgetNotice | null) => void;
};

/*
 * Under a quote that lapsed: asks for a new quote for the same items and reason, as an ordinary
 * customer message through the message API, so the agent proposes again and a new card appears.
 * The request keeps one client message id until it is accepted, so a retry or a double press is
 * stored once.
 */
export function FreshQuoteButton({ card, onSent, onSessionLost }: Props) {
  const [state, setState] = useState<"ready" | "sending" | "sent">("ready");
  const [problem, setProblem] = useState<WidgetNotice | null>(null);
  const text = useWidgetText();
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
      onSessionLost(result.ok ? null : problemNotice(result));
      return;
    }
    if (!result.ok) {
      setState("ready");
      setProblem(problemNotice(result));
      return;
    }
    setState("sent");
    onSent();
  }

  return (
    <div className="mt-3">
      {state === "sent" ? (
        <p role="status">{text.t("fresh_quote_asked")}</p>
      ) : (
        <button
          type="button"
          disabled={state === "sending"}
          onClick={() => void ask()}
          aria-describedby={`quote-${card.id}-status`}
          className="min-h-11 w-full rounded-md bg-blue-700 px-3 font-medium text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {text.t("fresh_quote_button")}
        </button>
      )}
      <FormAlert surface="widget" className="mt-2">
        {problem && noticeText(problem, text)}
      </FormAlert>
    </div>
  );
}
