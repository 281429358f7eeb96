import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table that scrolls sideways inside its own box on narrow screens instead of widening
 * the page, or with `stackOnNarrow` shows each row as a card there (the `.stacking-table` rules
 * in app/globals.css; label each cell with `<Td label>`). The caption names the table for screen
 * readers; pass `captionVisible` to show it.
 */
export function Table({
  caption,
  captionVisible = false,
  stackOnNarrow = false,
  children,
}: {
  caption: string;
  captionVisible?: boolean;
  stackOnNarrow?: boolean;
  children: ReactNode;
}) {
  const boxClass = stackOnNarrow
    ? "stacking-table relative overflow-x-auto"
    : "relative overflow-x-auto";
  return (
    // Focusable and labelled so keyboard users can scroll it when it overflows. `relative` keeps
    // visually hidden (absolutely positioned) text in cells from widening the whole page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section aria-label={caption} tabIndex={0} className={boxClass}>
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

type TdProps = TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column's name, shown above the cell when a stacking table shows its rows as cards. */
  label?: string;
  /** Takes a card's whole width when the rows are cards. */
  wide?: boolean;
  /** Comes first in its card, as the card's title (hold no control a cell before it has). */
  lead?: boolean;
};

export function Td({ className = "", label, wide = false, lead = false, ...props }: TdProps) {
  return (
    <td
      className={`border-b border-slate-100 px-4 py-3 align-top text-slate-800 first:pl-4 sm:first:pl-6 ${className}`}
      data-label={label}
      data-wide={wide ? "" : undefined}
      data-lead={lead ? "" : undefined}
      {...props}
    />
  );
}
