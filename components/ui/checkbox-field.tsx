import { type InputHTMLAttributes, type ReactNode, useId } from "react";

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> & {
  label: ReactNode;
  hint?: ReactNode;
};

/** A checkbox with its label beside it and its hint below, tied together by ids made here. */
export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className="size-5 rounded border-slate-300"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
