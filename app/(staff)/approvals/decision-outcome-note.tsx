"use client";

import { useEffect, useRef } from "react";
import type { DecisionOutcome } from "./approval-card";

const outcomeClasses: Record<DecisionOutcome["tone"], string> = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-900 ring-red-300",
};

/*
 * How the decision ended. It replaces the buttons that had focus, so focus comes here when it
 * appears (a card's outcome never changes once set).
 */
export function DecisionOutcomeNote({ outcome }: { outcome: DecisionOutcome }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`rounded-md px-3 py-2 text-sm ring-1 ring-inset ${outcomeClasses[outcome.tone]}`}
    >
      {outcome.message}
    </p>
  );
}
