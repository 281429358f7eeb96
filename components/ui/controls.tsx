import {
  createElement,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { Field, type FieldProps } from "./field";
import type { Surface } from "./surface";

const controlLooks: Record<Surface, string> = {
  page: "block min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-700 disabled:bg-slate-100 aria-[invalid=true]:border-red-700",
  widget:
    "block min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 aria-[invalid=true]:border-red-700",
};

/** The look of a text box, select or textarea; `extra` sets the width (full by default). */
export function controlClassName(surface: Surface = "page", extra = "w-full"): string {
  return `${controlLooks[surface]} ${extra}`;
}

type FieldOwnProps = Omit<FieldProps, "children" | "className"> & {
  /** Classes of the field's wrapper; `className` styles the control itself. */
  fieldClassName?: string;
};

const FIELD_KEYS: ReadonlySet<string> = new Set<keyof FieldOwnProps>([
  "label",
  "id",
  "labelHidden",
  "hint",
  "hintBelow",
  "error",
  "invalid",
  "describedBy",
  "suffix",
  "surface",
  "fieldClassName",
]);

/** The field's own props, and the rest for the control element. */
function splitFieldProps<Props extends FieldOwnProps>(
  props: Props,
): [Omit<FieldProps, "children">, Omit<Props, keyof FieldOwnProps>] {
  const entries = Object.entries(props);
  const { fieldClassName, ...field } = Object.fromEntries(
    entries.filter(([key]) => FIELD_KEYS.has(key)),
  ) as FieldOwnProps;
  const control = Object.fromEntries(entries.filter(([key]) => !FIELD_KEYS.has(key)));
  return [{ ...field, className: fieldClassName }, control as Omit<Props, keyof FieldOwnProps>];
}

type ControlElement = "input" | "select" | "textarea";

type ElementProps = {
  input: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  select: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };
  textarea: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };
};

type FieldOf<Element extends ControlElement> = FieldOwnProps & Omit<ElementProps[Element], "id">;

/** A labelled control of one element type, wired to its field and styled for its surface. */
function fieldOf<Element extends ControlElement>(Control: Element) {
  return function ControlField({ className, ...props }: FieldOf<Element>) {
    const [field, element] = splitFieldProps(props);
    return (
      <Field {...field}>
        {(control) =>
          createElement(Control, {
            ...element,
            ...control,
            className: controlClassName(field.surface, className),
          })
        }
      </Field>
    );
  };
}

export const TextField = fieldOf("input");
export const SelectField = fieldOf("select");
export const TextAreaField = fieldOf("textarea");
