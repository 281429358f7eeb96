import { IntlMessageFormat } from "intl-messageformat";
import { type Language, SUPPORTED_LANGUAGES } from "./languages";

/*
 * Message catalogs: everything code says to a customer, as ICU MessageFormat per supported
 * language (plurals and selects in the message, not in code). English is the source: a catalog
 * of another language has exactly its keys (the compiler checks) and the same arguments in each
 * message (`catalogProblems`, run by the unit suite). Values arrive formatted for the locale
 * (amounts through `formatMoneyIn`, dates through Intl), so a catalog never formats money.
 */

export type MessageCatalog<Key extends string> = Readonly<Record<Key, string>>;
export type Catalogs<Key extends string> = Readonly<Record<Language, MessageCatalog<Key>>>;
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/** English first: its keys are the keys every other language must have, no more, no fewer. */
export function defineCatalogs<Key extends string>(
  en: MessageCatalog<Key>,
  others: Readonly<Record<Exclude<Language, "en">, MessageCatalog<NoInfer<Key>>>>,
): Catalogs<Key> {
  return { en, ...others };
}

const compiled = new Map<string, IntlMessageFormat>();

function compile(language: Language, message: string): IntlMessageFormat {
  const cacheKey = `${language}\u0000${message}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  return format;
}

export function formatCatalogMessage(
  language: Language,
  message: string,
  values: MessageValues = {},
): string {
  return String(compile(language, message).format(values));
}

export function translator<Key extends string>(
  catalogs: Catalogs<Key>,
  language: Language,
): Translate<Key> {
  const catalog = catalogs[language];
  return (key, values) => formatCatalogMessage(language, catalog[key], values);
}

/** Every message of every language in one key, for texts a check must recognise in any. */
export function everyTranslation<Key extends string>(
  catalogs: Catalogs<Key>,
  key: Key,
  values?: MessageValues,
): string[] {
  return SUPPORTED_LANGUAGES.map((language) => translator(catalogs, language)(key, values));
}

/** The argument names a message uses, from its parsed form. */
export function messageArguments(language: Language, message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: readonly unknown[]) => {
    for (const element of elements) {
      if (typeof element !== "object" || element === null) continue;
      const node = element as { type: number; value?: unknown; options?: unknown };
      // Literal (0) and pound (7) carry no argument; every other element names one.
      if (node.type !== 0 && node.type !== 7 && typeof node.value === "string") {
        names.add(node.value);
      }
      if (node.options && typeof node.options === "object") {
        for (const option of Object.values(node.options as Record<string, { value: unknown[] }>)) {
          visit(option.value);
        }
      }
    }
  };
  visit(compile(language, message).getAst());
  return [...names].sort();
}

/** What is wrong with a set of catalogs: a missing or extra key, a bad message, other arguments. */
export function catalogProblems(name: string, catalogs: Catalogs<string>): string[] {
  const problems: string[] = [];
  const englishKeys = Object.keys(catalogs.en).sort();
  for (const language of SUPPORTED_LANGUAGES) {
    const catalog = catalogs[language];
    const keys = new Set(Object.keys(catalog));
    for (const key of englishKeys) {
      if (!keys.has(key)) problems.push(`${name}/${language}: missing "${key}"`);
    }
    for (const key of keys) {
      if (!(key in catalogs.en)) problems.push(`${name}/${language}: extra "${key}"`);
    }
    for (const key of englishKeys) {
      const message = catalog[key];
      const english = catalogs.en[key];
      if (message === undefined || english === undefined) continue;
      try {
        const used = messageArguments(language, message).join(",");
        const expected = messageArguments("en", english).join(",");
        if (used !== expected) {
          problems.push(`${name}/${language}: "${key}" uses {${used}}, English uses {${expected}}`);
        }
      } catch (error) {
        problems.push(`${name}/${language}: "${key}" does not parse: ${String(error)}`);
      }
    }
  }
  return problems;
}
