import type { ReactNode } from "react";

export type TagChipTag = { id: string; name: string; color: string | null };

const COLOR_CLASSES: Record<string, string> = {
  red: "bg-red-50 text-red-900 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  green: "bg-green-50 text-green-900 ring-green-200",
  blue: "bg-blue-50 text-blue-900 ring-blue-200",
  violet: "bg-violet-50 text-violet-900 ring-violet-200",
};
const PLAIN = "bg-slate-100 text-slate-800 ring-slate-200";

/** One tag as a small pill; `children` go after the name (the editor's remove button). */
export function TagChip({ tag, children }: { tag: TagChipTag; children?: ReactNode }) {
  return (
    <span
      data-testid="tag-chip"
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
        (tag.color && COLOR_CLASSES[tag.color]) || PLAIN
      }`}
    >
      <span className="truncate">{tag.name}</span>
      {children}
    </span>
  );
}

/** A conversation's tags, read by screen readers as one list. */
export function TagChips({ tags, className = "" }: { tags: TagChipTag[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-1 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.id} className="max-w-full">
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}
