/**
 * `HttpHost`: the browser-side host that talks to the package's server routes over HTTP (axios).
 * It is DOM-free on purpose (the query string of the page is passed in), so it also runs in Node
 * against a real server, which is how it is tested.
 *
 * axios is imported with the first request, not with this module: a page downloads the HTTP client
 * (about 20 kB gzipped) only once it asks for preferences, and an app that passes its own instance
 * (`axios` option) or never sends a request does not download it at all. The first request waits
 * for that chunk; later ones do not.
 *
 * Wire format of the preferences route (see the server handler):
 * - `POST {preferencesUrl}` with `{grid_id, colPresets?, searches?}`;
 * - `GET {readUrl}?grid_id=…`, scoped to the caller by its cookies or credentials;
 * - both answer `{status: 'ok', grid_id, colPresets, searches, updated_at, local_only?}` or
 *   `{status: 'error', code, message}` with a 4xx/5xx status.
 *
 * @module
 */
import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { GridPrefs, GridPrefsPatch, GridViewSpec } from '../core/types';
import { validateGridPrefsPatch } from '../core/prefs';
import { HostError } from './errors';
import { emptyFilterState, parseFilterState } from './filter-state';
import { HostBase } from './host-base';
import type { HostBaseOptions } from './host-base';
import { applyPrefsPatch, checkedPatch, emptyGridPrefs } from './prefs-data';
import type { FilterState, LoadPrefsResult, SavePrefsResult } from './types';

/** Default request timeout of `HttpHost`, in milliseconds. */
export const DEFAULT_HTTP_TIMEOUT_MS = 10_000;

/** Options of `createHttpHost`. */
export interface HttpHostOptions extends HostBaseOptions {
  /**
   * URL the preferences are POSTed to. Absent: the `grid_prefs` route (by default
   * `{baseUrl}/grid/preferences/`). Empty string or null: preferences are never sent; saves answer
   * `localOnly: true, reason: 'disabled'` without any request, and reads answer empty preferences.
   */
  preferencesUrl?: string | null;
  /** URL preferences are read from with GET; defaults to `preferencesUrl`. */
  preferencesReadUrl?: string;
  /**
   * The authenticated caller when the page knows it. Absent: unknown, the server decides from the
   * request's cookies or credentials and `currentSubjectId()` returns null.
   */
  subjectId?: string | null;
  /** The page's query string (or a getter of it, e.g. `() => location.search`) for filter state. */
  search?: string | URLSearchParams | (() => string | URLSearchParams);
  /** Request timeout in milliseconds; defaults to `DEFAULT_HTTP_TIMEOUT_MS`. */
  timeoutMs?: number;
  /** Send cookies on cross-origin requests too; defaults to true (reads are scoped to the caller). */
  withCredentials?: boolean;
  /** Extra request headers (a CSRF token, an `Authorization` header), or a getter called per request. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /**
   * The axios instance to use; tests inject one with a fake adapter. Defaults to `axios.create()`,
   * made when the first request is sent.
   */
  axios?: Pick<AxiosInstance, 'request'>;
}

/**
 * A `GridViewHost` over HTTP.
 *
 * Errors: every failed request throws `HostError` with code `timeout` (took longer than
 * `timeoutMs`), `network` (no answer: offline, refused, CORS), `http` (non-2xx; `status` set, and
 * `message` is the server's own when its JSON body has one; `retryAfterMs` from `Retry-After`) or
 * `invalid_response` (a 2xx body that is not the documented JSON, or one for another grid).
 * A patch or grid id that breaks the server's rules is refused before sending (`invalid_prefs`).
 * A save for a subject other than a known `subjectId` throws `subject_mismatch`. A save route set B
 * refuses because nobody is signed in (401 `login_required`) answers `localOnly: true, reason:
 * 'anonymous'`, as route set A does for an anonymous caller.
 *
 * `new HttpHost()` talks to `/grid/preferences/` on the page's own origin with cookies.
 *
 * @example
 * const host = new HttpHost({ baseUrl: '/api', search: () => location.search, headers: () => ({ 'X-CSRF-Token': token }) });
 */
export class HttpHost extends HostBase {
  readonly #options: HttpHostOptions;
  /** The host's client: the `axios` option, else its own `axios.create()` once axios is loaded. */
  #http: Pick<AxiosInstance, 'request'> | null;
  #loading: Promise<Pick<AxiosInstance, 'request'>> | null = null;
  readonly #saveUrl: string | null;
  readonly #readUrl: string | null;

  constructor(options: HttpHostOptions = {}) {
    super(options);
    this.#options = options;
    this.#http = options.axios ?? null;
    const saveUrl = options.preferencesUrl === undefined ? (this.routes.grid_prefs ?? null) : options.preferencesUrl;
    this.#saveUrl = saveUrl === '' ? null : saveUrl;
    this.#readUrl = this.#saveUrl === null ? null : (options.preferencesReadUrl ?? this.#saveUrl);
  }

  /** True when preferences are sent to a server (a preferences URL is set). */
  get savesToServer(): boolean {
    return this.#saveUrl !== null;
  }

  override async loadGridPrefs(_subjectId: string | null, gridId: string): Promise<LoadPrefsResult> {
    this.assertGridId(gridId);
    if (this.#readUrl === null) return { localOnly: true, reason: 'disabled', prefs: emptyGridPrefs() };
    const response = await this.#send({ method: 'GET', url: this.#readUrl, params: { grid_id: gridId } });
    return readPrefsBody(response.data, gridId);
  }

  override async saveGridPrefs(subjectId: string | null, gridId: string, prefs: GridPrefsPatch): Promise<SavePrefsResult> {
    const known = this.#options.subjectId;
    if (known !== undefined && subjectId !== known) {
      throw new HostError('subject_mismatch', 'Preferences can only be saved for the authenticated caller.');
    }
    const patch = checkedPatch(gridId, prefs);
    if (this.#saveUrl === null) {
      return { localOnly: true, reason: 'disabled', prefs: applyPrefsPatch(emptyGridPrefs(), patch) };
    }
    // An empty patch changes nothing, and the server refuses it ("nothing to save"): read instead.
    if (patch.colPresets === undefined && patch.searches === undefined) return this.loadGridPrefs(subjectId, gridId);
    let response: AxiosResponse<unknown>;
    try {
      response = await this.#send({ method: 'POST', url: this.#saveUrl, data: { grid_id: gridId, ...patch } });
    } catch (error) {
      // Route set B refuses an anonymous caller (401 login_required) where route set A answers
      // local_only: for the reader it is the same outcome, kept on this device, never retried.
      if (error instanceof HostError && error.status === 401 && error.serverCode === 'login_required') {
        return { localOnly: true, reason: 'anonymous', prefs: applyPrefsPatch(emptyGridPrefs(), patch) };
      }
      throw error;
    }
    return readPrefsBody(response.data, gridId);
  }

  override filterStateFromRequest(spec: GridViewSpec): FilterState {
    const source = this.#options.search;
    if (source === undefined) return emptyFilterState();
    return parseFilterState(typeof source === 'function' ? source() : source, spec);
  }

  override currentSubjectId(): string | null {
    return this.#options.subjectId ?? null;
  }

  /** Loads axios once for this host and makes its instance; a failed load is tried again by the next request. */
  #client(): Promise<Pick<AxiosInstance, 'request'>> {
    this.#loading ??= import('axios').then(
      (module) => (this.#http = module.default.create()),
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  async #send(config: AxiosRequestConfig): Promise<AxiosResponse<unknown>> {
    const extra = typeof this.#options.headers === 'function' ? this.#options.headers() : this.#options.headers;
    try {
      const http = this.#http ?? (await this.#client());
      return await http.request<unknown>({
        ...config,
        timeout: this.#options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS,
        withCredentials: this.#options.withCredentials ?? true,
        responseType: 'json',
        // Without this, axios reports a timeout as ECONNABORTED, the same code as an aborted request.
        transitional: { clarifyTimeoutError: true, silentJSONParsing: true, forcedJSONParsing: true },
        headers: { Accept: 'application/json', ...(config.data === undefined ? {} : { 'Content-Type': 'application/json' }), ...extra },
      });
    } catch (error) {
      throw toHostError(error);
    }
  }
}

/**
 * Maps an axios failure to `HostError`. Exported for custom hosts built on axios.
 *
 * Edge cases: an error that is not from axios is a `network` error carrying the original message;
 * an HTTP error body that is not JSON (a proxy's HTML page) gives the status text as message; the
 * body's `code` (the server's catalog, `SERVER_ERROR_CODES`) becomes `serverCode`.
 */
export function toHostError(error: unknown): HostError {
  if (error instanceof HostError) return error;
  if (!isAxiosError(error)) {
    return new HostError('network', error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (error.code === 'ETIMEDOUT') {
    return new HostError('timeout', error.message || 'The request timed out.', { cause: error });
  }
  const response = error.response;
  if (!response) {
    return new HostError('network', error.message || 'The server could not be reached.', { cause: error });
  }
  const body = response.data as { message?: unknown; code?: unknown } | null | undefined;
  const serverMessage = body && typeof body === 'object' && typeof body.message === 'string' ? body.message : null;
  const serverCode = body && typeof body === 'object' && typeof body.code === 'string' && body.code.length <= 100 ? body.code : undefined;
  const message = serverMessage ?? `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const options: { status: number; retryAfterMs?: number; cause: unknown; serverCode?: string } = { status: response.status, cause: error };
  if (serverCode !== undefined) options.serverCode = serverCode;
  const retryAfterMs = parseRetryAfter(headerValue(response.headers, 'retry-after'));
  if (retryAfterMs !== undefined) options.retryAfterMs = retryAfterMs;
  return new HostError('http', message, options);
}

/**
 * axios' own test (`axios.isAxiosError`: an object flagged `isAxiosError`), written out so that
 * reading an error does not need the library loaded.
 */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** Reads and checks a success body of the preferences route. */
function readPrefsBody(data: unknown, gridId: string): LoadPrefsResult {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new HostError('invalid_response', 'The preferences answer is not a JSON object.');
  }
  const body = data as Record<string, unknown>;
  if (body.status !== 'ok') throw new HostError('invalid_response', 'The preferences answer has no status "ok".');
  if (body.grid_id !== gridId) throw new HostError('invalid_response', `The preferences answer is for another grid than "${gridId}".`);
  const checked = validateGridPrefsPatch({ colPresets: body.colPresets ?? {}, searches: body.searches ?? [] });
  if (!checked.ok) throw new HostError('invalid_response', `The preferences answer is malformed: ${checked.message}`);
  const updatedAt = typeof body.updated_at === 'string' ? body.updated_at : null;
  const prefs: GridPrefs = { colPresets: checked.value.colPresets ?? {}, searches: checked.value.searches ?? [], updatedAt };
  if (body.local_only === true) return { localOnly: true, reason: 'anonymous', prefs };
  return { localOnly: false, prefs };
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const getter = (headers as { get?: unknown }).get;
  const value = typeof getter === 'function' ? (getter as (n: string) => unknown).call(headers, name) : (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from now; undefined when unreadable. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
