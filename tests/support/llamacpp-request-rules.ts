/*
 * What llama.cpp's `llama-server` (build b10106) refuses or misreads in a request, checked on the
 * exact JSON a client sends. The rules follow the server's own request conversion:
 * - every tool schema becomes a sampling grammar, and a repetition bound of 2000 or more
 *   (`maxLength`, `maxItems`…) fails it: 400 "Failed to initialize samplers: failed to parse
 *   grammar" (recorded: tests/fixtures/wire/llamacpp-maxlen-2000.400.json);
 * - a Responses input item is read only in the forms the server knows: a user/system/developer
 *   message (type optional), an assistant message with `type: "message"` and `output_text` parts,
 *   a `function_call`, a `function_call_output`, a `reasoning` item; anything else is 400
 *   "Cannot determine type of 'item'";
 * - Chat Completions: two or more assistant messages at the end are refused, and one is taken as
 *   a prefill the model continues (not refused, but never what a client means).
 * The fake server's llama.cpp mode answers refusals with the server's error body, and request-side
 * wire tests assert that no rule is broken at all.
 */

export const LLAMACPP_GRAMMAR_REPETITION_LIMIT = 2000;

export type LlamaCppRequestProblem = {
  // "refused": the server answers 400; "misread": it answers, but not to what was meant.
  effect: "refused" | "misread";
  message: string;
};

const REPETITION_BOUNDS = [
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
];

export function llamaCppRequestProblems(
  api: "chat" | "responses",
  body: Record<string, unknown>,
): LlamaCppRequestProblem[] {
  return [
    ...grammarProblems(api, body),
    ...(api === "responses" ? responsesInputProblems(body) : chatMessageProblems(body)),
  ];
}

/** llama.cpp's error body for a refused request, as the server sends it. */
export function llamaCppErrorBody(message: string): string {
  return JSON.stringify({ error: { code: 400, message, type: "invalid_request_error" } });
}

function grammarProblems(
  api: "chat" | "responses",
  body: Record<string, unknown>,
): LlamaCppRequestProblem[] {
  const tools = (body.tools as Record<string, unknown>[] | undefined) ?? [];
  const schemas = tools.map((tool) =>
    api === "chat" ? (tool.function as Record<string, unknown>)?.parameters : tool.parameters,
  );
  return schemas.some((schema) => hasBoundAtOrAbove(schema, LLAMACPP_GRAMMAR_REPETITION_LIMIT))
    ? [{ effect: "refused", message: "Failed to initialize samplers: failed to parse grammar" }]
    : [];
}

function hasBoundAtOrAbove(schema: unknown, limit: number): boolean {
  if (Array.isArray(schema)) return schema.some((item) => hasBoundAtOrAbove(item, limit));
  if (schema === null || typeof schema !== "object") return false;
  return Object.entries(schema).some(([key, value]) =>
    REPETITION_BOUNDS.includes(key) && typeof value === "number"
      ? value >= limit
      : hasBoundAtOrAbove(value, limit),
  );
}

function responsesInputProblems(body: Record<string, unknown>): LlamaCppRequestProblem[] {
  const input = body.input;
  if (typeof input === "string") return [];
  if (!Array.isArray(input)) {
    return [{ effect: "refused", message: "'input' must be a string or array of objects" }];
  }
  for (const raw of input as Record<string, unknown>[]) {
    const problem = responsesItemProblem(raw);
    if (problem) return [{ effect: "refused", message: problem }];
  }
  return [];
}

function responsesItemProblem(item: Record<string, unknown>): string | null {
  const content = typeof item.content === "string" ? [{ type: "input_text" }] : item.content;
  const role = item.role;
  if (Array.isArray(content) && (role === "user" || role === "system" || role === "developer")) {
    const bad = content.some(
      (part: { type?: string }) =>
        !["input_text", "input_image", "input_file"].includes(part.type ?? ""),
    );
    return bad ? "'type' must be one of 'input_text', 'input_image', or 'input_file'" : null;
  }
  if (Array.isArray(content) && role === "assistant" && item.type === "message") {
    return content.every((part: { type?: string }) => part.type === "output_text")
      ? null
      : "'type' must be 'output_text'";
  }
  const isString = (key: string) => typeof item[key] === "string";
  if (
    item.type === "function_call" &&
    isString("arguments") &&
    isString("call_id") &&
    isString("name")
  ) {
    return null;
  }
  if (
    item.type === "function_call_output" &&
    isString("call_id") &&
    (isString("output") || Array.isArray(item.output))
  ) {
    return null;
  }
  if (item.type === "reasoning" && Array.isArray(item.summary)) return null;
  return "Cannot determine type of 'item'";
}

function chatMessageProblems(body: Record<string, unknown>): LlamaCppRequestProblem[] {
  const messages = (body.messages as { role?: string }[] | undefined) ?? [];
  let trailingAssistant = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.role !== "assistant") break;
    trailingAssistant += 1;
  }
  if (trailingAssistant >= 2) {
    return [
      {
        effect: "refused",
        message: "Cannot have 2 or more assistant messages at the end of the list.",
      },
    ];
  }
  if (trailingAssistant === 1) {
    return [
      {
        effect: "misread",
        message: "The last message is the assistant's: the server continues it as a prefill.",
      },
    ];
  }
  return [];
}
