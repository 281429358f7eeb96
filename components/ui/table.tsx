import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table that scrolls sideways inside its own box on narrow screens instead of widening
 * the page. The caption names the table for screen readers; pass `captionVisible` to show it.
 */
export function Table({
  caption,
  captionVisible = false,
  children,
}: {
  caption: string;
  captionVisible?: boolean;
  children: ReactNode;
}) {
  return (
    // Focusable and labelled so keyboard users can scroll it when it overflows. `relative` keeps
    // visually hidden (absolutely positioned) text in cells from widening the whole page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={caption} tabIndex={0} className="relative overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption
          className={
            captionVisible ? "px-4 py-2 text-left text-sm text-slate-600 sm:px-6" : "sr-only"
          }
        >
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={`border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-4 sm:first:pl-6 ${className}`}
      {...props}
    />
  );
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      className={`border-b border-slate-100 px-4 py-3 align-top text-slate-800 first:pl-4 sm:first:pl-6 ${className}`}
      {...props}
    />
  );
}
