/**
 * The tools' own argument checks. The SDK would check arguments against the input schemas too,
 * but its refusal is a bare sentence without the envelope; the tools therefore advertise their
 * schemas and check arguments here, so a wrong type or a missing argument comes back like every
 * other problem: `ok: false` with coded diagnostics and paths (`rows[3]`, `spec`).
 *
 * Models often send a JSON value as text (`"spec": "{\"grid_id\": …}"`): an object or array
 * argument is also accepted as its JSON text, and text that is not JSON is `invalid_json`.
 *
 * @module
 */
import type { McpDiagnostic } from './envelope';

/** A plain JSON object (not an array, not a class instance). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The JSON type of a value, in words, for messages. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

function error(code: string, path: string, message: string): McpDiagnostic {
  return { code, path, message, severity: 'error' };
}

/** The arguments of one call, and the issues found while reading them. */
export class ToolArguments {
  readonly issues: McpDiagnostic[] = [];
  private readonly values: Record<string, unknown>;
  /** The arguments were not an object: that one issue says it all, no argument is "missing" too. */
  private readonly unreadable: boolean = false;

  /**
   * `raw` is the call's `arguments` (absent counts as `{}`); any name outside `allowed` is an
   * `unknown_field` issue naming the arguments the tool takes.
   */
  constructor(raw: unknown, allowed: readonly string[]) {
    if (raw === undefined || raw === null) {
      this.values = {};
      return;
    }
    if (!isPlainObject(raw)) {
      this.values = {};
      this.unreadable = true;
      this.issues.push(error('invalid_type', '', `The arguments must be an object such as { ${allowed.map((name) => `"${name}": …`).join(', ')} }; got ${typeName(raw)}.`));
      return;
    }
    this.values = raw;
    for (const name of Object.keys(raw)) {
      if (!allowed.includes(name)) this.issues.push(error('unknown_field', name, `This tool takes no argument "${name}"; its arguments are ${allowed.length === 0 ? 'none' : allowed.join(', ')}.`));
    }
  }

  /** True when no issue was found so far. */
  get ok(): boolean {
    return this.issues.length === 0;
  }

  /**
   * An object argument (or its JSON text). Missing: a `required` issue when `required`, else
   * undefined. `what` describes it in messages ("the view spec").
   */
  object(name: string, what: string, required: boolean): Record<string, unknown> | undefined {
    const value = this.value(name, what, required);
    if (value === undefined) return undefined;
    if (!isPlainObject(value)) {
      this.issues.push(error('invalid_type', name, `"${name}" must be ${what}, a JSON object; got ${typeName(value)}.`));
      return undefined;
    }
    return value;
  }

  /** An array argument (or its JSON text), with the same rules as `object`. */
  array(name: string, what: string, required: boolean): unknown[] | undefined {
    const value = this.value(name, what, required);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) {
      this.issues.push(error('invalid_type', name, `"${name}" must be ${what}, a JSON array; got ${typeName(value)}.`));
      return undefined;
    }
    return value;
  }

  /** An optional boolean argument; `fallback` when absent. */
  boolean(name: string, fallback: boolean): boolean {
    const value = this.values[name];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      this.issues.push(error('invalid_type', name, `"${name}" must be true or false; got ${typeName(value)}.`));
      return fallback;
    }
    return value;
  }

  /** An optional whole number from `min` to `max`. */
  integer(name: string, min: number, max: number): number | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.issues.push(error('invalid_type', name, `"${name}" must be a whole number from ${min} to ${max}; got ${typeName(value)}.`));
      return undefined;
    }
    if (value < min || value > max) {
      this.issues.push(error('out_of_range', name, `"${name}" must be from ${min} to ${max}; got ${value}.`));
      return undefined;
    }
    return value;
  }

  /** An optional BCP 47 language tag (`en`, `uk`, `de-CH`), checked by `Intl`. */
  locale(name: string): string | undefined {
    const value = this.text(name, 'a BCP 47 language tag such as "en" or "uk"');
    if (value === undefined) return undefined;
    try {
      const [canonical] = Intl.getCanonicalLocales(value);
      if (canonical !== undefined) return canonical;
    } catch {
      // Reported below: Intl refuses tags that are not well-formed.
    }
    this.issues.push(error('invalid_pattern', name, `"${name}" must be a BCP 47 language tag such as "en", "uk" or "de-CH"; got "${value}".`));
    return undefined;
  }

  /** An optional ISO 4217 currency code (three letters, upper-cased). */
  currency(name: string): string | undefined {
    const value = this.text(name, 'an ISO 4217 currency code such as "USD"');
    if (value === undefined) return undefined;
    if (/^[A-Za-z]{3}$/.test(value)) return value.toUpperCase();
    this.issues.push(error('invalid_pattern', name, `"${name}" must be a three-letter ISO 4217 currency code such as "USD" or "UAH"; got "${value}".`));
    return undefined;
  }

  private text(name: string, what: string): string | undefined {
    const value = this.values[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.issues.push(error('invalid_type', name, `"${name}" must be ${what}; got ${typeName(value)}.`));
      return undefined;
    }
    return value;
  }

  /**
   * Any JSON argument, its JSON text parsed: for values whose own checker says more than a type
   * check would (the spec parser's `not_object`, the patch's `patch_invalid`). Undefined when
   * absent (a `required` issue when `required`) or when its text is not JSON (`invalid_json`).
   */
  value(name: string, what: string, required: boolean): unknown {
    const value = this.values[name];
    if (value === undefined) {
      if (required && !this.unreadable) this.issues.push(error('required', name, `The argument "${name}" (${what}) is missing.`));
      return undefined;
    }
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      this.issues.push(error('invalid_json', name, `"${name}" was given as text that is not valid JSON (${reason}); send ${what} as a JSON value.`));
      return undefined;
    }
  }
}
