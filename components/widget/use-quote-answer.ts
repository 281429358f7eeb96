"use client";

import { useRef, useState } from "react";
import { describeProblem } from "@/lib/client/send-json";
import type { WidgetQuoteCard } from "@/lib/server/services/widget/widget-snapshot";
import { answerQuote, isSessionLost } from "./widget-api";

/** Confirms or declines exactly this quote (its id and hash), once per press. */
export function useQuoteAnswer({
  card,
  onAnswered,
  onSessionLost,
}: {
  card: WidgetQuoteCard;
  onAnswered: () => void;
  onSessionLost: (detail: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
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
      onSessionLost(result.ok ? "" : describeProblem(result.problem));
      return;
    }
    if (!result.ok) setProblem(describeProblem(result.problem));
    onAnswered();
  }

  return { busy, problem, answer };
}
