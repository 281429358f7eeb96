import { describe, expect, it } from "vitest";
import { describeWidgetProblem, noticeText, textNotice } from "@/components/widget/widget-notice";
import { widgetText } from "@/components/widget/widget-text";
import { describeProblem, type ProblemBody } from "@/lib/client/send-json";

const spanish = widgetText("es");
const english = widgetText("en");

describe("the widget's errors in the customer's language", () => {
  it("are the server's own words in English, exactly as before", () => {
    const problems: [ProblemBody, number][] = [
      [
        {
          detail: "We couldn't find an order with that email address and order number.",
          reason: "NO_MATCH",
        },
        401,
      ],
      [
        {
          detail: "Invalid input",
          errors: [{ path: "email", message: "Enter the email address you ordered with" }],
          code: "VALIDATION_FAILED",
        },
        422,
      ],
      [{ title: "Conflict" }, 409],
    ];
    for (const [problem, status] of problems) {
      expect(describeWidgetProblem(problem, status, english)).toBe(describeProblem(problem));
    }
  });

  it("name a known refusal by its reason code in another language", () => {
    expect(describeWidgetProblem({ detail: "x", reason: "NO_MATCH" }, 401, spanish)).toBe(
      spanish.t("problem_wrong_pair"),
    );
    expect(describeWidgetProblem({ detail: "x", reason: "SESSION_ENDED" }, 401, spanish)).toBe(
      spanish.t("session_ended_idle"),
    );
    expect(describeWidgetProblem({ detail: "x", reason: "SESSION_ENDED" }, 409, spanish)).toBe(
      spanish.t("problem_quote_session_ended"),
    );
    expect(
      describeWidgetProblem({ detail: "x", reason: "QUOTE_HASH_MISMATCH" }, 409, spanish),
    ).toBe(spanish.t("problem_quote_changed"));
  });

  it("count a rate limit's wait in seconds, or minutes once it is long", () => {
    const limited = (seconds: number) =>
      describeWidgetProblem(
        { detail: "x", code: "RATE_LIMITED", retryAfterSeconds: seconds },
        429,
        spanish,
      );
    expect(limited(30)).toBe("Demasiados intentos. Vuelve a intentarlo dentro de 30 segundos.");
    expect(limited(900)).toBe("Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos.");
  });

  it("never show the server's English detail in another language", () => {
    const detail = "Something only the server says";
    for (const [problem, status] of [
      [{ detail, code: "INTERNAL" }, 500],
      [{ detail, code: "VALIDATION_FAILED" }, 422],
      [{ detail }, 0],
    ] as const) {
      expect(describeWidgetProblem(problem, status, spanish)).not.toContain(detail);
    }
    expect(describeWidgetProblem({ detail }, 0, spanish)).toBe(spanish.t("unreachable"));
  });

  it("keep a notice as data, so it reads in whichever language the widget speaks", () => {
    const notice = textNotice("session_ended");
    expect(noticeText(notice, english)).toBe(
      "Your chat session has ended. Confirm who you are to continue.",
    );
    expect(noticeText(notice, spanish)).toBe(spanish.t("session_ended"));
  });
});
