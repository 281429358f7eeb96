import { type Outcome, OutcomeMessages } from "./form-message";
import { SubmitButton } from "./submit-button";

/** A settings form's submit button and the outcome of its last save. */
export function SaveBar({
  label,
  pending,
  outcome,
  statusId,
  alertId,
}: {
  label: string;
  pending: boolean;
  outcome: Outcome | null;
  statusId?: string;
  alertId?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SubmitButton pending={pending} pendingLabel="Saving…">
        {label}
      </SubmitButton>
      <OutcomeMessages statusId={statusId} alertId={alertId} outcome={outcome} />
    </div>
  );
}
