/** The look of a single-key shortcut shown in a label. */
export const shortcutKeyClassName = "rounded border border-slate-300 px-1 font-mono text-xs";
