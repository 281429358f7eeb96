"use client";

import { useRef, useState } from "react";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { answerQuote, isSessionLost } from "./widget-api";
import { problemNotice, type WidgetNotice } from "./widget-notice";

/** Confirms or declines exactly this quote (its id and hash), once per press. */
export function useQuoteAnswer({
  card,
  onAnswered,
  onSessionLost,
}: {
  card: WidgetQuoteCard;
  onAnswered: () => void;
  onSessionLost: (notice: WidgetNotice | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<WidgetNotice | null>(null);
  // A second click lands before React re-renders the disabled button; this guard does not.
  const inFlight = useRef(false);

  async function answer(choice: "confirm" | "decline") {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setProblem(null);
    const result = await answerQuote(card.id, choice, card.quoteHash);
    inFlight.current = false;
    setBusy(false);
    if (isSessionLost(result)) {
      onSessionLost(result.ok ? null : problemNotice(result));
      return;
    }
    if (!result.ok) setProblem(problemNotice(result));
    onAnswered();
  }

  return { busy, problem, answer };
}
