import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CountLabel } from "@/app/(staff)/inbox/count-label";

const render = (count: number, capped: boolean) =>
  renderToStaticMarkup(createElement(CountLabel, { value: { count, capped } }));

describe("the inbox status tab count", () => {
  it("shows an exact count with grouping, the same to the eye and to a screen reader", () => {
    expect(render(1000, false)).toBe(
      '<span class="tabular-nums"><span aria-hidden="true">(1,000)</span><span class="sr-only">(1,000)</span></span>',
    );
  });

  it("shows a capped count as 1,000+ and says it as more than 1,000", () => {
    expect(render(1000, true)).toBe(
      '<span class="tabular-nums"><span aria-hidden="true">(1,000+)</span><span class="sr-only">(more than 1,000)</span></span>',
    );
  });
});
