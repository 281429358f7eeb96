import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { WIDGET_CATALOGS } from "@/lib/domain/catalogs/widget";
import { translator } from "@/lib/domain/i18n";
import { SUPPORTED_LANGUAGES } from "@/lib/domain/languages";

// The loader is plain script on the shop's page and cannot import the catalog; it keeps a copy.
function loaderWords(): Record<string, [string, string]> {
  const source = readFileSync(path.resolve(import.meta.dirname, "../../public/widget.js"), "utf8");
  const table = /const WORDS = (\{[\s\S]*?\n {2}\});/.exec(source)?.[1];
  if (!table) throw new Error("no WORDS table in public/widget.js");
  return new Function(`return ${table};`)();
}

describe("the widget loader's launcher words", () => {
  it("are the catalog's, in every language the chat speaks and no other", () => {
    const words = loaderWords();
    expect(Object.keys(words).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of SUPPORTED_LANGUAGES) {
      const t = translator(WIDGET_CATALOGS, language);
      expect(words[language], language).toEqual([t("launcher_open"), t("launcher_frame_title")]);
    }
  });
});
