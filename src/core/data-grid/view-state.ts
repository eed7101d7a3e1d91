/**
 * A data grid's view as one value (column layout with sort, filters, quick search), its compact
 * text for a shared URL, and saved searches as the strings the preferences store keeps. Everything
 * read from outside is validated here before a grid sees it.
 *
 * @module
 */
import type { PresetColumnState } from '../types';
import { validateGridPrefsPatch } from '../prefs';
import { validateGridFilterModel } from './filter-model';
import type { GridFilterModel } from './types';

/** What a data grid shows, as stored in page state and carried by a shared link. */
export interface DataGridViewState {
  /** Column order, visibility, pin, width and sort (the preset format); null for the spec's layout. */
  columns: PresetColumnState[] | null;
  /** Column filters (`{}` for none). */
  filterModel: GridFilterModel;
  /** Quick search ('' for none). */
  quickFilter: string;
}

/** Longest quick search kept in a view state (the page-state limit of texts). */
export const VIEW_STATE_TEXT_LIMIT = 1000;
/** Version of the compact text; a link of another version is refused. */
const SHARE_VERSION = 1;

/** Bits of a column's flags in the compact text. */
const HIDDEN = 1;
const PIN_LEFT = 2;
const PIN_RIGHT = 4;

/**
 * The compact text of a view for a URL: version, then per column `[colId, flags, width?, sort?]`
 * (flags: 1 hidden, 2 pinned left, 4 pinned right; sort `a0`/`d1` = direction and sort index),
 * the filter model and the quick search, as JSON in base64url (UTF-8). Only the parts that differ
 * from an empty view are written.
 */
export function encodeViewState(state: DataGridViewState): string {
  const payload: Record<string, unknown> = { v: SHARE_VERSION };
  if (state.columns) {
    payload.c = state.columns.map((column) => {
      const flags = (column.hide ? HIDDEN : 0) | (column.pinned === 'left' ? PIN_LEFT : 0) | (column.pinned === 'right' ? PIN_RIGHT : 0);
      const entry: unknown[] = [column.colId, flags];
      const sort = column.sort ? `${column.sort === 'asc' ? 'a' : 'd'}${column.sortIndex ?? 0}` : null;
      if (column.width !== undefined || sort !== null) entry.push(column.width ?? null);
      if (sort !== null) entry.push(sort);
      return entry;
    });
  }
  if (Object.keys(state.filterModel).length > 0) payload.f = state.filterModel;
  if (state.quickFilter !== '') payload.q = state.quickFilter;
  return base64UrlEncode(utf8Encode(JSON.stringify(payload)));
}

/**
 * The view a compact text describes, or null when the text is not one (bad base64, bad JSON,
 * another version, or any part failing validation: column states by the preset rules, the filter
 * model by `validateGridFilterModel`, the quick search within `VIEW_STATE_TEXT_LIMIT`). Never
 * throws. Absent parts are empty (`columns` null).
 */
export function decodeViewState(text: string): DataGridViewState | null {
  if (text.length > 20_000) return null;
  let payload: unknown;
  try {
    const bytes = base64UrlDecode(text);
    if (bytes === null) return null;
    payload = JSON.parse(utf8Decode(bytes));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  if (record.v !== SHARE_VERSION || Object.keys(record).some((key) => !['v', 'c', 'f', 'q'].includes(key))) return null;
  let columns: PresetColumnState[] | null = null;
  if (record.c !== undefined) {
    if (!Array.isArray(record.c)) return null;
    const states: PresetColumnState[] = [];
    for (const entry of record.c) {
      const state = columnFromEntry(entry);
      if (state === null) return null;
      states.push(state);
    }
    const checked = validateGridPrefsPatch({ colPresets: { view: { columns: states } } });
    if (!checked.ok) return null;
    columns = checked.value.colPresets?.view?.columns ?? [];
  }
  const filterModel = validateGridFilterModel(record.f);
  if (filterModel === null) return null;
  const quickFilter = record.q ?? '';
  if (typeof quickFilter !== 'string' || quickFilter.length > VIEW_STATE_TEXT_LIMIT) return null;
  return { columns, filterModel, quickFilter };
}

function columnFromEntry(entry: unknown): PresetColumnState | null {
  if (!Array.isArray(entry) || entry.length < 2 || entry.length > 4) return null;
  const [colId, flags, width, sort] = entry as unknown[];
  if (typeof colId !== 'string' || typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0 || flags > 7) return null;
  if ((flags & PIN_LEFT) !== 0 && (flags & PIN_RIGHT) !== 0) return null;
  const state: PresetColumnState = { colId, hide: (flags & HIDDEN) !== 0, pinned: flags & PIN_LEFT ? 'left' : flags & PIN_RIGHT ? 'right' : null };
  if (width !== undefined && width !== null) {
    if (typeof width !== 'number') return null;
    state.width = width;
  }
  if (sort !== undefined) {
    if (typeof sort !== 'string') return null;
    const match = /^([ad])(\d{1,2})$/.exec(sort);
    if (!match) return null;
    state.sort = match[1] === 'a' ? 'asc' : 'desc';
    state.sortIndex = Number(match[2]);
  } else {
    state.sort = null;
    state.sortIndex = null;
  }
  return state;
}

// --- Saved searches -------------------------------------------------------------------------------

/** A saved search: a name, the quick search and the column filters it restores. */
export interface SavedGridSearch {
  name: string;
  quickFilter: string;
  filterModel: GridFilterModel;
}

/**
 * The string a saved search is kept as in the preferences (`searches` holds strings): JSON
 * `{"n": name, "q": quickFilter, "f": filterModel}`, or just the quick search when the search has
 * no filters and its name is the quick search itself, so a plain saved search stays readable by
 * anything that only knows search strings.
 */
export function encodeSavedSearch(search: SavedGridSearch): string {
  if (Object.keys(search.filterModel).length === 0 && search.name === search.quickFilter && !search.quickFilter.startsWith('{')) return search.quickFilter;
  const payload: Record<string, unknown> = { n: search.name, q: search.quickFilter };
  if (Object.keys(search.filterModel).length > 0) payload.f = search.filterModel;
  return JSON.stringify(payload);
}

/**
 * The saved search a stored string holds. A string that is not our JSON form is a plain saved
 * search (saved by a simple table or an older version): its name and quick search are the string.
 * A JSON form that fails validation is also read as plain text, so nothing the user saved vanishes.
 */
export function decodeSavedSearch(text: string): SavedGridSearch {
  if (text.startsWith('{')) {
    try {
      const payload = JSON.parse(text) as unknown;
      if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
        const record = payload as Record<string, unknown>;
        const filterModel = validateGridFilterModel(record.f);
        if (typeof record.n === 'string' && record.n.trim() !== '' && typeof record.q === 'string' && filterModel !== null) {
          return { name: record.n, quickFilter: record.q, filterModel };
        }
      }
    } catch {
      // Not JSON: a plain search that happens to start with "{".
    }
  }
  return { name: text, quickFilter: text, filterModel: {} };
}

// --- UTF-8 and base64url without DOM or Node APIs ----------------------------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function utf8Encode(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

/** Throws on malformed UTF-8 (the caller treats that as "not a view"). */
function utf8Decode(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const first = bytes[i] ?? 0;
    const length = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 0;
    if (length === 0 || i + length > bytes.length) throw new Error('malformed UTF-8');
    let code = length === 1 ? first : first & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k] ?? 0;
      if ((next & 0xc0) !== 0x80) throw new Error('malformed UTF-8');
      code = (code << 6) | (next & 63);
    }
    out += String.fromCodePoint(code);
    i += length;
  }
  return out;
}

function base64UrlEncode(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (b !== undefined) out += ALPHABET[(n >> 6) & 63]!;
    if (c !== undefined) out += ALPHABET[n & 63]!;
  }
  return out;
}

function base64UrlDecode(text: string): number[] | null {
  if (text.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value === -1) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}
