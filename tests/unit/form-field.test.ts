import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextAreaField, TextField } from "@/components/ui/controls";
import { FormAlert } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";

/** The attributes of the first `tag` element in the server-rendered markup. */
function attributesOf(element: ReactElement, tag: string): Record<string, string> {
  const opening = renderToStaticMarkup(element).match(new RegExp(`<${tag}\\b[^>]*>`));
  if (!opening) throw new Error(`no <${tag}> rendered`);
  return Object.fromEntries(
    [...opening[0].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
}

describe("TextField", () => {
  it("names its control by the label and ties the hint to it", () => {
    const field = createElement(TextField, { label: "Quote hold", hint: "Minutes." });
    const input = attributesOf(field, "input");
    expect(attributesOf(field, "label").for).toBe(input.id);
    expect(input["aria-describedby"]).toBe(`${input.id}-hint`);
    expect(input["aria-invalid"]).toBeUndefined();
  });

  it("marks the control invalid and reads the error after the hint", () => {
    const field = createElement(TextField, {
      label: "Limit",
      hint: "Dollars.",
      error: "Enter an amount.",
    });
    const input = attributesOf(field, "input");
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe(`${input.id}-hint ${input.id}-error`);
    expect(renderToStaticMarkup(field)).toContain(`id="${input.id}-error"`);
  });

  it("keeps a fixed id and announces the form's own message too", () => {
    const field = createElement(TextAreaField, {
      label: "Note",
      id: "note",
      describedBy: "form-alert",
    });
    const textarea = attributesOf(field, "textarea");
    expect(textarea.id).toBe("note");
    expect(textarea["aria-describedby"]).toBe("form-alert");
  });

  it("is invalid when its error is shown elsewhere, with nothing of its own to announce", () => {
    const textarea = attributesOf(
      createElement(TextAreaField, { label: "Note", invalid: true }),
      "textarea",
    );
    expect(textarea["aria-invalid"]).toBe("true");
    expect(textarea["aria-describedby"]).toBeUndefined();
  });
});

describe("SubmitButton", () => {
  it("is disabled and says what is happening while pending", () => {
    const idle = renderToStaticMarkup(
      createElement(SubmitButton, { pending: false, pendingLabel: "Saving…" }, "Save"),
    );
    const pending = renderToStaticMarkup(
      createElement(SubmitButton, { pending: true, pendingLabel: "Saving…" }, "Save"),
    );
    expect(idle).toMatch(/^<button type="submit"[^>]*>Save<\/button>$/);
    expect(idle).not.toContain('disabled=""');
    expect(pending).toContain('disabled=""');
    expect(pending).toContain(">Saving…</button>");
  });
});

describe("FormAlert", () => {
  it("is an alert region even while empty, so its first message is announced", () => {
    expect(renderToStaticMarkup(createElement(FormAlert, { id: "e" }, null))).toMatch(
      /^<p id="e" role="alert"[^>]*><\/p>$/,
    );
  });
});
