import type { ButtonHTMLAttributes, ReactNode } from "react";
import { type ButtonVariant, buttonClassName } from "./button";
import type { Surface } from "./surface";

const widgetClassName =
  "min-h-11 rounded-md bg-blue-700 px-4 font-medium text-white hover:bg-blue-800 disabled:opacity-60";

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  /** The form's request is in flight: the button is disabled and says what is happening. */
  pending: boolean;
  /** What the button says while pending ("Saving…"); its own label when not given. */
  pendingLabel?: ReactNode;
  variant?: ButtonVariant;
  surface?: Surface;
};

/** A form's submit button: one press per request, so a double press cannot send twice. */
export function SubmitButton({
  pending,
  pendingLabel,
  variant = "primary",
  surface = "page",
  className = "",
  disabled = false,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      className={
        surface === "widget"
          ? `${widgetClassName} ${className}`
          : buttonClassName(variant, className)
      }
      {...props}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
