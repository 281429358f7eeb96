import type { ReactNode } from "react";
import type { Surface } from "./surface";

/** How the last request of a form or action ended, in words for the person. */
export type Outcome = { tone: "success" | "danger"; text: string };

const alertLooks: Record<Surface, string> = {
  page: "text-sm font-medium text-red-800",
  widget: "text-sm text-red-700 dark:text-red-300",
};

/*
 * An error the person must read now. Always in the DOM, so screen readers announce the text the
 * moment it appears; empty, it takes no space unless `reserveSpace` keeps the layout still.
 */
export function FormAlert({
  id,
  children,
  surface = "page",
  reserveSpace = false,
  className = "",
}: {
  id?: string;
  children?: ReactNode;
  surface?: Surface;
  reserveSpace?: boolean;
  className?: string;
}) {
  return (
    <p
      id={id}
      role="alert"
      className={`${alertLooks[surface]} ${reserveSpace ? "min-h-5" : "empty:hidden"} ${className}`}
    >
      {children}
    </p>
  );
}

/*
 * The outcome of the last request, announced politely; a refusal is in red. Always in the DOM
 * (a live region must exist before its text changes to be announced).
 */
export function FormStatus({
  id,
  outcome,
  className = "",
}: {
  id?: string;
  outcome: Outcome | null;
  className?: string;
}) {
  const tone = outcome?.tone === "danger" ? "font-medium text-red-800" : "text-green-800";
  return (
    <p id={id} role="status" className={`text-sm ${tone} ${className}`}>
      {outcome?.text ?? ""}
    </p>
  );
}

/** A success politely and a refusal as an alert, each in its own always-present region. */
export function OutcomeMessages({
  statusId,
  alertId,
  outcome,
}: {
  statusId?: string;
  alertId?: string;
  outcome: Outcome | null;
}) {
  return (
    <>
      <FormStatus id={statusId} outcome={outcome?.tone === "success" ? outcome : null} />
      <FormAlert id={alertId}>{outcome?.tone === "danger" ? outcome.text : null}</FormAlert>
    </>
  );
}
