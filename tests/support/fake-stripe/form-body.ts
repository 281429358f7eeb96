/*
 * Stripe's request bodies: `application/x-www-form-urlencoded` with nested keys written in
 * brackets (`metadata[pending_action_id]=pa_1`, `expand[0]=charge`), as the official SDK sends
 * them. Lists come back as objects keyed by index, which is all the fake needs.
 */

export type FormValue = string | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function pathOf(key: string): string[] {
  const [head, ...rest] = key.split("[");
  return [head ?? "", ...rest.map((part) => part.replace(/\]$/, ""))];
}

function place(target: FormObject, path: string[], value: string): void {
  const [name, ...rest] = path;
  if (name === undefined) return;
  // `expand[]=x` appends: give it the next free index.
  const key = name === "" ? String(Object.keys(target).length) : name;
  if (rest.length === 0) {
    target[key] = value;
    return;
  }
  const existing = target[key];
  const child: FormObject = typeof existing === "object" ? existing : {};
  target[key] = child;
  place(child, rest, value);
}

export function parseStripeForm(body: string): FormObject {
  const parsed: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) place(parsed, pathOf(key), value);
  return parsed;
}
