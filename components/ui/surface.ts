/** Staff pages, or the chat widget (larger touch targets, follows the system's dark mode). */
export type Surface = "page" | "widget";

/** The label, hint, error and suffix text of a field on each surface. */
export const fieldLooks: Record<
  Surface,
  { label: string; hint: string; error: string; suffix: string }
> = {
  page: {
    label: "block text-sm font-medium text-slate-900",
    hint: "text-sm text-slate-600",
    error: "text-sm text-red-800",
    suffix: "text-sm text-slate-700",
  },
  widget: {
    label: "block text-sm font-medium",
    hint: "text-xs text-slate-600 dark:text-slate-300",
    error: "text-sm text-red-700 dark:text-red-300",
    suffix: "text-sm",
  },
};
