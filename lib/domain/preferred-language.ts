import { DEFAULT_LANGUAGE, isSupportedLanguage, type Language } from "./languages";

/*
 * The language to greet a visitor in before their conversation has one: the first of their
 * browser's languages that Countersign speaks, matched on the primary subtag ("es-MX" is
 * Spanish, "pt-BR" Portuguese), else English. A tag that is not a language tag is skipped.
 */
export function preferredLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = /^([a-z]{2,3})(?:[-_][0-9a-z-_]*)?$/i.exec(tag.trim())?.[1]?.toLowerCase();
    if (isSupportedLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * An Accept-Language header's tags, most wanted first (RFC 9110 §12.5.4): the server's guess at
 * `navigator.languages` for the first render. Tags with weight 0 are not wanted at all.
 */
export function acceptLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
      const weight = params
        .map((param) => /^q=([01](?:\.\d{0,3})?)$/i.exec(param)?.[1])
        .find((value) => value !== undefined);
      return { tag, weight: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
