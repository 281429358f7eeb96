/*
 * What of a model's half-written answer may be shown to the customer as a preview. Two shapes of
 * answer reach a customer: the `body` of a `send_customer_message` call, and plain text in a step
 * with no tool call (delivered on the model's behalf). While the step streams, the candidate is
 * the first reply call's body so far, else the plain text so far; the text is cut at its last
 * complete sentence, so each preview is a whole message the supervisor can judge on its own.
 */

export const REPLY_TOOL_NAME = "send_customer_message";

/** A step's output so far, as the provider streamed it. */
export type ReplyDraft = {
  text: string;
  // In the order the model started them; arguments are the JSON received so far.
  calls: readonly { name: string; argumentsJson: string }[];
};

/**
 * The reply this step would send, as far as it has arrived, or null when it sends none.
 * `textIsReply` is false when the run has already replied, so plain text would not be delivered.
 */
export function replyCandidate(draft: ReplyDraft, textIsReply: boolean): string | null {
  const call = draft.calls.find((candidate) => candidate.name === REPLY_TOOL_NAME);
  if (call) return readPartialJsonString(call.argumentsJson, "body");
  // Plain text beside any other tool call is the model thinking aloud, never sent.
  if (draft.calls.length > 0 || !textIsReply) return null;
  return draft.text;
}

// A sentence ends at . ! ? or … (closing quotes and brackets may follow) before whitespace, or at
// a line break. A full stop inside "$48.00" or "e.g." followed by a letter does not end one.
const SENTENCE_END = /[.!?…]["'”’)\]*_]*(?=\s)|\n/g;

/** The text up to its last complete sentence, trimmed; "" when no sentence is complete yet. */
export function completeSentences(text: string): string {
  let end = 0;
  for (const match of text.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  return text.slice(0, end).trimEnd();
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/**
 * The decoded value, so far, of a top-level string field in a JSON object that is still arriving
 * (`{"body": "Hello, wor`), or null while the field has not started. A half-received escape is
 * left out until it is whole, so the result is always a prefix of the final value.
 */
export function readPartialJsonString(json: string, field: string): string | null {
  let index = skipSpace(json, 0);
  if (json[index] !== "{") return null;
  index += 1;
  for (;;) {
    index = skipSpace(json, index);
    if (json[index] !== '"') return null;
    const key = readString(json, index + 1);
    if (!key.closed) return null;
    index = skipSpace(json, key.end);
    if (json[index] !== ":") return null;
    index = skipSpace(json, index + 1);
    if (key.value === field) {
      if (json[index] !== '"') return null;
      return readString(json, index + 1).value;
    }
    index = skipValue(json, index);
    if (index < 0) return null;
    index = skipSpace(json, index);
    if (json[index] !== ",") return null;
    index += 1;
  }
}

function skipSpace(json: string, from: number): number {
  let index = from;
  while (index < json.length && /\s/.test(json[index] ?? "")) index += 1;
  return index;
}

function readString(json: string, from: number): { value: string; closed: boolean; end: number } {
  let value = "";
  let index = from;
  while (index < json.length) {
    const char = json[index] as string;
    if (char === '"') return { value, closed: true, end: index + 1 };
    if (char !== "\\") {
      value += char;
      index += 1;
      continue;
    }
    const kind = json[index + 1];
    if (kind === undefined) break;
    if (kind === "u") {
      const hex = json.slice(index + 2, index + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      const code = Number.parseInt(hex, 16);
      // A high surrogate waits for its low half, so no lone half is ever shown.
      if (code >= 0xd800 && code <= 0xdbff) {
        const low = json.slice(index + 6, index + 12);
        if (!/^\\u[0-9a-fA-F]{4}$/.test(low)) break;
        value += String.fromCharCode(code, Number.parseInt(low.slice(2), 16));
        index += 12;
        continue;
      }
      value += String.fromCharCode(code);
      index += 6;
      continue;
    }
    const decoded = ESCAPES[kind];
    if (decoded === undefined) break;
    value += decoded;
    index += 2;
  }
  return { value, closed: false, end: index };
}

/** The index after a complete JSON value starting at `from`, or -1 if it has not all arrived. */
function skipValue(json: string, from: number): number {
  if (json[from] === '"') {
    const string = readString(json, from + 1);
    return string.closed ? string.end : -1;
  }
  let depth = 0;
  let index = from;
  while (index < json.length) {
    const char = json[index] as string;
    if (char === '"') {
      const string = readString(json, index + 1);
      if (!string.closed) return -1;
      index = string.end;
      continue;
    }
    if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      if (depth === 0) return index;
      depth -= 1;
      if (depth === 0) return index + 1;
    } else if (char === "," && depth === 0) return index;
    index += 1;
  }
  return -1;
}
