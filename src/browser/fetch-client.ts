/**
 * A stand-in for axios over the browser's `fetch`, for the standalone bundle: `HttpHost` talks to
 * the server through an axios instance, and a page without a build should not download axios
 * (about 21 kB gzipped) to send two kinds of JSON request. It implements the part of
 * `AxiosInstance#request` that `HttpHost` uses, and fails the way axios fails, so that `toHostError`
 * reads its errors unchanged.
 *
 * @module
 */
import type { AxiosInstance, AxiosRequestConfig } from 'axios';

/** An answer as axios gives it, with only the fields `HttpHost` and `toHostError` read. */
export interface FetchClientResponse {
  /** The parsed JSON body; the body's text when it is not JSON (an empty body gives ''). */
  data: unknown;
  status: number;
  statusText: string;
  /** Every response header, by lowercase name (several values of one name joined with ', '). */
  headers: Record<string, string>;
  config: AxiosRequestConfig;
}

/**
 * A failed request, shaped as an `AxiosError` (`isAxiosError: true`): code `ETIMEDOUT` after
 * `timeout` (axios' code with `transitional.clarifyTimeoutError`), `ERR_NETWORK` without an answer,
 * `ERR_BAD_REQUEST` (4xx) or `ERR_BAD_RESPONSE` (5xx and others) with `response` set.
 */
export class FetchClientError extends Error {
  readonly isAxiosError = true;
  override readonly name = 'FetchClientError';
  readonly code: string;
  readonly config: AxiosRequestConfig;
  readonly response: FetchClientResponse | undefined;

  constructor(message: string, code: string, config: AxiosRequestConfig, response?: FetchClientResponse, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.config = config;
    this.response = response;
  }
}

/**
 * An axios-like client over `fetch`, to pass as `HttpHost`'s `axios` option. The browser bundle
 * builds it in place of axios (vite.config.ts, mode `iife`, aliases `axios` to
 * src/browser/axios-fetch.ts).
 *
 * What it reads of the request config: `method` (default GET), `url` (relative URLs resolve
 * against the page, as with axios in a browser), `params` (scalar values; null and undefined are
 * left out), `data` (sent as JSON; a string is sent as it is), `headers` (a plain record),
 * `timeout` (milliseconds, 0 or absent: none; it also covers reading the body) and
 * `withCredentials` (cookies on cross-origin requests too; without it, same-origin only). Anything
 * else axios knows (`baseURL`, `signal`, `transformRequest`, `validateStatus`, …) is ignored.
 *
 * Edge cases: a 2xx body that is not JSON resolves with its text (axios' `silentJSONParsing`), so
 * the caller decides; a non-2xx answer rejects with `FetchClientError` carrying the response, whose
 * `data` is the body's text when it is not JSON (a proxy's HTML page) rather than a parse error; a
 * request that could not be sent (offline, refused, CORS, an unreadable URL) rejects with
 * `ERR_NETWORK` and the message `Network Error`, as axios does in a browser.
 */
export function createFetchClient(): Pick<AxiosInstance, 'request'> {
  // axios' `request` is generic in the answer type it claims to return; like axios, this client
  // cannot check that type, so the caller's reading of `data` is what checks it (HttpHost does).
  return { request: send as AxiosInstance['request'] };
}

async function send(config: AxiosRequestConfig): Promise<FetchClientResponse> {
  const controller = new AbortController();
  const timeout = config.timeout ?? 0;
  const timer = timeout > 0 ? setTimeout(() => controller.abort(), timeout) : undefined;
  try {
    const response = await fetch(urlOf(config), {
      method: (config.method ?? 'GET').toUpperCase(),
      headers: headersOf(config),
      body: config.data === undefined ? undefined : typeof config.data === 'string' ? config.data : JSON.stringify(config.data),
      credentials: config.withCredentials ? 'include' : 'same-origin',
      signal: controller.signal,
    });
    const text = await response.text();
    const answer: FetchClientResponse = { data: parseJson(text), status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), config };
    if (response.ok) return answer;
    const code = response.status >= 400 && response.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE';
    throw new FetchClientError(`Request failed with status code ${response.status}`, code, config, answer);
  } catch (error) {
    if (error instanceof FetchClientError) throw error;
    // fetch rejects an aborted request with an AbortError; the only abort here is the timer's.
    if (controller.signal.aborted) throw new FetchClientError(`timeout of ${timeout}ms exceeded`, 'ETIMEDOUT', config, undefined, error);
    throw new FetchClientError('Network Error', 'ERR_NETWORK', config, undefined, error);
  } finally {
    clearTimeout(timer);
  }
}

function urlOf(config: AxiosRequestConfig): string {
  const url = config.url ?? '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const query = params.toString();
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function headersOf(config: AxiosRequestConfig): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries((config.headers ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  return headers;
}

/** JSON when the text is JSON, else the text itself: an error page must reach the caller, not a SyntaxError. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
