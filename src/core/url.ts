/**
 * URL safety for links built from specs and rows. Specs may be written by a language model and rows
 * come from anywhere, so a link is only ever http(s) or relative, and every value put into a
 * placeholder is URL-encoded so it cannot change the link's scheme, host or path structure.
 *
 * @module
 */
import type { Row } from './types';

/** Characters that browsers strip or treat as separators while parsing a URL; never allowed in a link. */
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/;
/** `scheme:` at the start of a URL, per RFC 3986. */
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** `{name}` placeholders: a row key between braces, no nested braces. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * True when `url` is an absolute http(s) URL or a relative one (path, query or fragment).
 *
 * Edge cases: the empty string is not a link (false); whitespace or control characters anywhere are
 * refused because browsers strip them (`java\tscript:`); a backslash is refused because browsers read
 * `/\host` as `//host`; protocol-relative `//host` is allowed (it keeps the page's http(s) scheme);
 * any other scheme (`javascript:`, `data:`, `vbscript:`, `mailto:`) is refused.
 */
export function isSafeUrl(url: string): boolean {
  if (url.length === 0 || CONTROL_OR_SPACE.test(url) || url.includes('\\')) return false;
  const scheme = SCHEME.exec(url);
  if (!scheme) return true;
  const name = (scheme[1] ?? '').toLowerCase();
  return (name === 'http' || name === 'https') && url.slice(scheme[0].length).startsWith('//');
}

/**
 * The placeholder names of a template, in order of appearance (duplicates kept).
 * `"/orders/{id}?r={region}"` gives `["id", "region"]`.
 */
export function templatePlaceholders(template: string): string[] {
  return Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] ?? '');
}

/**
 * Checks a link template: its text with every placeholder replaced by a harmless value must be a
 * safe URL, and braces must pair up. Returns null when fine, otherwise a short reason.
 */
export function checkLinkTemplate(template: string): 'unsafe_url' | 'invalid_placeholder' | null {
  const stripped = template.replace(PLACEHOLDER, 'x');
  if (stripped.includes('{') || stripped.includes('}')) return 'invalid_placeholder';
  return isSafeUrl(stripped) ? null : 'unsafe_url';
}

/**
 * Fills `{key}` placeholders with row values, each passed through `encodeURIComponent`.
 *
 * Returns null when the template is unsafe, when a placeholder names a key the row lacks or holds
 * null/undefined (a link to `/orders/` would be wrong, not empty), or when the result is not a safe
 * URL. Objects are not stringified into links: a placeholder whose value is an object gives null.
 */
export function fillUrlTemplate(template: string, row: Row): string | null {
  if (checkLinkTemplate(template) !== null) return null;
  let missing = false;
  const filled = template.replace(PLACEHOLDER, (_match, key: string) => {
    const value = Object.prototype.hasOwnProperty.call(row, key) ? row[key] : undefined;
    if (value === null || value === undefined || typeof value === 'object' || typeof value === 'function') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing) return null;
  return isSafeUrl(filled) ? filled : null;
}

/** A parsed `rowOnclick` action: a registered action name and the row values of its arguments. */
export interface RowAction {
  name: string;
  args: unknown[];
}

const ACTION = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(\s*(.*?)\s*\)\s*;?\s*$/;
const ACTION_ARG = /^(?:\{([^{}]+)\}|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?))$/;

/**
 * Reads a `rowOnclick` string such as `openOrder({id}, 'edit')` WITHOUT evaluating it: the result
 * names an action the application registered, and its arguments are row values (for `{key}`),
 * string literals or number literals. Anything else (expressions, nested calls, `;` chains) gives
 * null, so the click does nothing but emit the `row-click` event.
 */
export function parseRowAction(source: string, row: Row): RowAction | null {
  const match = ACTION.exec(source);
  if (!match) return null;
  const name = match[1] ?? '';
  const rawArgs = (match[2] ?? '').trim();
  const args: unknown[] = [];
  if (rawArgs.length > 0) {
    for (const part of splitArgs(rawArgs)) {
      const arg = ACTION_ARG.exec(part.trim());
      if (!arg) return null;
      if (arg[1] !== undefined) args.push(Object.prototype.hasOwnProperty.call(row, arg[1]) ? row[arg[1]] : undefined);
      else if (arg[2] !== undefined) args.push(arg[2].replace(/\\(.)/g, '$1'));
      else if (arg[3] !== undefined) args.push(arg[3].replace(/\\(.)/g, '$1'));
      else args.push(Number(arg[4]));
    }
  }
  return { name, args };
}

/** Splits on commas outside quotes. */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (quote) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i] ?? '';
      else if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
    } else if (ch === ',') {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * Appends encoded query parameters to a URL, keeping its fragment last. Null and undefined values
 * are left out; a URL that already ends in `?` or `&` gets no second separator.
 *
 * @example
 * appendQuery('/export?builder=sales#top', { q: 'a b' }); // "/export?builder=sales&q=a%20b#top"
 */
export function appendQuery(url: string, params: Readonly<Record<string, string | number | boolean | null | undefined>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  if (parts.length === 0) return url;
  const hashAt = url.indexOf('#');
  const head = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const joiner = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  return `${head}${joiner}${parts.join('&')}${hash}`;
}
