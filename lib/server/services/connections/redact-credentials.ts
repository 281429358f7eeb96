/*
 * A provider's error text may quote what it was given. Anything shaped like an API key or a
 * signing secret (a known prefix, an underscore, then a long run of key characters) is cut down
 * to its last four before the text is stored or shown.
 */
const CREDENTIAL = /\b([a-z]{2,6}_(?:(?:live|test)_)?)[0-9A-Za-z+/=_-]{8,}([0-9A-Za-z]{4})\b/g;

export function redactCredentials(text: string): string {
  return text.replace(CREDENTIAL, (_, prefix: string, last4: string) => `${prefix}…${last4}`);
}
