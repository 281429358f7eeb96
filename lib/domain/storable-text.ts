/*
 * The one rule for text Countersign stores or sends on: Postgres refuses U+0000 in text columns
 * (the insert fails outright), and a lone UTF-16 surrogate cannot be encoded as UTF-8 at all (it
 * would be silently replaced on the way to the database, so what is stored is not what was
 * sent). Input with either is refused at the boundary; model output, which nobody can ask to try
 * again, is repaired instead.
 */

export type UnstorableReason = "nul" | "lone_surrogate";

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Why `value` cannot be stored as it is, or null when it can. */
export function findUnstorableText(value: string): UnstorableReason | null {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 0) return "nul";
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(value.charCodeAt(index + 1))) return "lone_surrogate";
      index += 1;
    } else if (isLowSurrogate(code)) {
      return "lone_surrogate";
    }
  }
  return null;
}

export function describeUnstorableText(reason: UnstorableReason): string {
  return reason === "nul"
    ? "must not contain NUL (U+0000) characters"
    : "must not contain unpaired UTF-16 surrogates";
}

/** Model output made storable: NUL removed, a lone surrogate replaced by U+FFFD. */
export function toStorableText(value: string): string {
  if (findUnstorableText(value) === null) return value;
  let result = "";
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code === 0) continue;
    if (isHighSurrogate(code) && isLowSurrogate(value.charCodeAt(index + 1))) {
      result += value.slice(index, index + 2);
      index += 1;
    } else {
      result += isHighSurrogate(code) || isLowSurrogate(code) ? "\uFFFD" : value[index];
    }
  }
  return result;
}

/** The same repair through any JSON value (tool arguments), keys included. */
export function toStorableJson(value: unknown): unknown {
  if (typeof value === "string") return toStorableText(value);
  if (Array.isArray(value)) return value.map(toStorableJson);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [toStorableText(key), toStorableJson(entry)]),
    );
  }
  return value;
}

/** True for C0 controls and DEL, which browsers strip from URLs before reading them. */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
