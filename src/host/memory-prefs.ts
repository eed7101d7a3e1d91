/**
 * `MemoryPrefs`: preferences kept in process memory for the life of the process.
 *
 * @module
 */
import { validateSubject } from '../core/prefs';
import type { GridPrefs, GridPrefsPatch } from '../core/types';
import { HostError } from './errors';
import { applyPrefsPatch, checkedPatch, cloneJson, emptyGridPrefs } from './prefs-data';
import type { PreferencesStore } from './types';

/** Options of `MemoryPrefs`. */
export interface MemoryPrefsOptions {
  /** Clock for `updatedAt`; tests pass a fixed one. Defaults to `() => new Date()`. */
  now?: () => Date;
}

/**
 * A `PreferencesStore` in a `Map`: one record per (subject, grid id), like the SQL store's unique key.
 * Everything goes in and comes out as a deep copy, so a caller that mutates what it passed or got
 * back never changes what is stored.
 *
 * Edge cases: `get` of an unknown pair gives empty preferences with `updatedAt: null`; `save`
 * validates the grid id and the patch with the server's rules and throws `HostError` `invalid_prefs`
 * (nothing stored) when they break them; `get` and `save` refuse an empty subject or one holding
 * U+0000 or a lone surrogate the same way, as the SQL stores do; a patch without fields still touches `updatedAt`, as an
 * upsert would. Data is lost when the process ends: use the server's SQL store to keep it.
 */
export class MemoryPrefs implements PreferencesStore {
  readonly #records = new Map<string, GridPrefs>();
  readonly #now: () => Date;

  constructor(options: MemoryPrefsOptions = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  /** Number of stored (subject, grid) records. */
  get size(): number {
    return this.#records.size;
  }

  async get(subject: string, gridId: string): Promise<GridPrefs> {
    checkSubject(subject);
    const stored = this.#records.get(recordKey(subject, gridId));
    return stored ? cloneJson(stored) : emptyGridPrefs();
  }

  async save(subject: string, gridId: string, patch: GridPrefsPatch): Promise<GridPrefs> {
    checkSubject(subject);
    const valid = checkedPatch(gridId, patch);
    const key = recordKey(subject, gridId);
    const next = applyPrefsPatch(this.#records.get(key) ?? emptyGridPrefs(), valid);
    next.updatedAt = this.#now().toISOString();
    this.#records.set(key, next);
    return cloneJson(next);
  }

  /** Forgets every record (tests, logout of a demo). */
  clear(): void {
    this.#records.clear();
  }

  async close(): Promise<void> {
    // Nothing to release; present so callers can treat every store alike.
  }
}

/**
 * The SQL stores refuse a subject holding U+0000 or a lone surrogate (PostgreSQL cannot store it,
 * SQLite would merge it with another); the memory store behaves the same so that tests against it
 * prove what production does.
 */
function checkSubject(subject: string): void {
  const checked = validateSubject(subject);
  if (!checked.ok) throw new HostError('invalid_prefs', checked.message);
}

// JSON of the pair cannot collide the way `${subject}:${gridId}` could for subjects containing ':'.
function recordKey(subject: string, gridId: string): string {
  return JSON.stringify([subject, gridId]);
}
