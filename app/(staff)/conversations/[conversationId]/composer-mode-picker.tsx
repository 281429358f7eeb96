"use client";

export type ComposerMode = "reply" | "note";

const MODES: { mode: ComposerMode; label: string; key: string }[] = [
  { mode: "reply", label: "Reply to customer", key: "r" },
  { mode: "note", label: "Internal note", key: "n" },
];

/** Reply or note, as two radio buttons drawn as toggles, each with its keyboard shortcut. */
export function ComposerModePicker({
  mode,
  onChange,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">What to write</legend>
      {MODES.map((option) => (
        <label
          key={option.mode}
          className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-medium ring-1 ring-inset has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700 ${mode === option.mode ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300"}`}
        >
          <input
            type="radio"
            name="composer-mode"
            value={option.mode}
            checked={mode === option.mode}
            onChange={() => onChange(option.mode)}
            className="sr-only"
          />
          {option.label}{" "}
          <kbd className="rounded border border-current px-1 font-mono text-xs">{option.key}</kbd>
        </label>
      ))}
    </fieldset>
  );
}
