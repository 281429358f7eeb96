"use client";

import { useEffect, useRef } from "react";
import type { DecisionOutcome } from "./approval-card";

const outcomeClasses: Record<DecisionOutcome["tone"], string> = {
  success: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-900 ring-red-300",
};

/** How the decision ended. The buttons that had focus are gone; focus comes here instead. */
export function DecisionResult({ outcome }: { outcome: DecisionOutcome }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome.message) ref.current?.focus();
  }, [outcome]);
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
