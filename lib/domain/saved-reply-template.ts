/*
 * A saved reply's body: text with variables in a small closed syntax, `{{customer.first_name}}`.
 * The set of variables is closed so that every value comes from a record the server loads; a
 * name outside it, or a brace that opens or closes nothing, is a problem reported at save time
 * with where it is. Single braces are plain text, and in a run of opening braces the last two
 * open the variable (`{{{order.number}}` is a `{` and then the order number), so any text can sit
 * next to a variable.
 */

export const SAVED_REPLY_VARIABLES = [
  "customer.first_name",
  "customer.name",
  "order.number",
  "quote.amount",
  "agent.first_name",
] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];

/** What each variable is, for the people writing replies. */
export const SAVED_REPLY_VARIABLE_DESCRIPTIONS: Readonly<Record<SavedReplyVariable, string>> = {
  "customer.first_name": "The customer's first name",
  "customer.name": "The customer's full name",
  "order.number": "The ticket's order number",
  "quote.amount": "The amount of the open refund quote (waiting for the customer or an approver)",
  "agent.first_name": "Your first name",
};

export const MAX_SAVED_REPLY_TITLE_CHARS = 80;
export const MAX_SAVED_REPLY_BODY_CHARS = 4000;

export type TemplateSegment =
  | { kind: "text"; text: string }
  | { kind: "variable"; name: SavedReplyVariable };

export type TemplateProblem = {
  kind: "unknown_variable" | "empty_variable" | "unclosed" | "stray_closing";
  /** Index into the body, and the same place as 1-based line and column. */
  position: number;
  line: number;
  column: number;
  /** The name written between the braces, for an unknown variable. */
  name?: string;
  message: string;
};

export type ParsedTemplate =
  | { ok: true; segments: TemplateSegment[] }
  | { ok: false; problems: TemplateProblem[] };

export function isSavedReplyVariable(name: string): name is SavedReplyVariable {
  return (SAVED_REPLY_VARIABLES as readonly string[]).includes(name);
}

function place(body: string, position: number): { line: number; column: number } {
  const before = body.slice(0, position);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: position - lineStart + 1 };
}

function problem(
  body: string,
  kind: TemplateProblem["kind"],
  position: number,
  name?: string,
): TemplateProblem {
  const where = place(body, position);
  const at = `Line ${where.line}, column ${where.column}`;
  const message = {
    unknown_variable: `${at}: "{{${name}}}" is not a variable. Use one of ${SAVED_REPLY_VARIABLES.map((variable) => `{{${variable}}}`).join(", ")}.`,
    empty_variable: `${at}: "{{}}" names no variable.`,
    unclosed: `${at}: "{{" is never closed with "}}".`,
    stray_closing: `${at}: "}}" closes nothing; write a variable as {{customer.first_name}}.`,
  }[kind];
  return { kind, position, ...where, ...(name === undefined ? {} : { name }), message };
}

function pushText(segments: TemplateSegment[], text: string): void {
  if (text === "") return;
  const last = segments.at(-1);
  if (last?.kind === "text") last.text += text;
  else segments.push({ kind: "text", text });
}

export function parseTemplate(body: string): ParsedTemplate {
  const segments: TemplateSegment[] = [];
  const problems: TemplateProblem[] = [];
  let index = 0;
  while (index < body.length) {
    if (body.startsWith("{{", index)) {
      let open = index;
      while (body[open + 2] === "{") open++;
      pushText(segments, body.slice(index, open));
      const close = body.indexOf("}}", open + 2);
      const nextOpen = body.indexOf("{{", open + 2);
      if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
        problems.push(problem(body, "unclosed", open));
        pushText(segments, "{{");
        index = open + 2;
        continue;
      }
      const name = body.slice(open + 2, close).trim();
      if (name === "") problems.push(problem(body, "empty_variable", open));
      else if (!isSavedReplyVariable(name))
        problems.push(problem(body, "unknown_variable", open, name));
      else segments.push({ kind: "variable", name });
      index = close + 2;
    } else if (body.startsWith("}}", index)) {
      problems.push(problem(body, "stray_closing", index));
      index += 2;
    } else {
      pushText(segments, body.charAt(index));
      index++;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, segments };
}

export function printTemplate(segments: readonly TemplateSegment[]): string {
  return segments
    .map((segment) => (segment.kind === "text" ? segment.text : `{{${segment.name}}}`))
    .join("");
}

/** The variables a template uses, each once, in order of first use. */
export function templateVariables(segments: readonly TemplateSegment[]): SavedReplyVariable[] {
  const names = segments.flatMap((segment) => (segment.kind === "variable" ? [segment.name] : []));
  return [...new Set(names)];
}
