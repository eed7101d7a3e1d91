/**
 * Escaping for the few strings the SSR module writes around Vue's output (a document title, a
 * stylesheet URL, the `lang` attribute). Everything inside the view is escaped by Vue itself.
 *
 * @module
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element such as `<title>` (`&`, `<`, `>`, quotes escaped). */
export function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Text safe inside a double-quoted attribute value. */
export function escapeAttribute(text: string): string {
  return escapeText(text);
}
