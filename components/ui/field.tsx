import { type ReactNode, useId } from "react";
import { joinIds } from "./join-ids";
import { fieldLooks, type Surface } from "./surface";

/** What a control needs from its field: the id its label names and the messages it announces. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

export type FieldProps = {
  label: ReactNode;
  /** A fixed id where a page or shortcut points at the control; otherwise one is made. */
  id?: string;
  /** Shown only to screen readers, where the layout already says what the control is. */
  labelHidden?: boolean;
  hint?: ReactNode;
  hintBelow?: boolean;
  /** This field's own error, shown under it; the control is marked invalid while it is set. */
  error?: ReactNode;
  /** Marks the control invalid when its error is shown elsewhere (a form-level alert). */
  invalid?: boolean;
  /** Ids of other messages the control should announce, e.g. the form's alert. */
  describedBy?: string | false | null;
  /** What follows the control on its line, such as its unit. */
  suffix?: ReactNode;
  surface?: Surface;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/*
 * One labelled control with its hint and error. The ids that tie them together are made here, so
 * no form can forget `htmlFor`, `aria-describedby` or `aria-invalid`. No client hooks: server
 * pages (plain GET filter forms) use it too.
 */
export function Field({
  label,
  id,
  labelHidden = false,
  hint,
  hintBelow = false,
  error,
  invalid = false,
  describedBy,
  suffix,
  surface = "page",
  className = "",
  children,
}: FieldProps) {
  const madeId = useId();
  const controlId = id ?? madeId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const look = fieldLooks[surface];
  const hasError = error !== undefined && error !== null && error !== false && error !== "";
  const control = children({
    id: controlId,
    "aria-describedby": joinIds(hint ? hintId : null, hasError && errorId, describedBy),
    "aria-invalid": hasError || invalid ? true : undefined,
  });
  const hintText = hint ? (
    <p id={hintId} className={look.hint}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={controlId} className={labelHidden ? "sr-only" : look.label}>
        {label}
      </label>
      {hintBelow ? null : hintText}
      {suffix ? (
        <div className="flex items-center gap-2">
          {control}
          <span className={look.suffix}>{suffix}</span>
        </div>
      ) : (
        control
      )}
      {hintBelow ? hintText : null}
      {hasError ? (
        <p id={errorId} className={look.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
