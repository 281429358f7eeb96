/** True when a key press belongs to what the person is typing, so shortcuts must not fire. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["button", "submit", "reset", "checkbox", "radio"].includes(target.type);
  }
  // A dialog's own keys (Escape, Tab) are its business.
  return target.closest("dialog[open]") !== null;
}
