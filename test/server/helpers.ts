/**
 * Helpers for server tests: requests built with `new Request(...)` (no socket) and JSON reading.
 */
import { expect } from 'vitest';
import { SERVER_ERROR_CODES, isServerErrorCode } from '../../src/host/errors';

export const ORIGIN = 'http://app.test';

export function get(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, { method: 'GET', headers });
}

/** A JSON POST from the page's own origin (passes the default CSRF check). */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A POST with raw bytes or text and exactly the given headers. */
export function postRaw(path: string, body: string | Uint8Array | ReadableStream<Uint8Array> | null, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body: body as BodyInit | null };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request(`${ORIGIN}${path}`, init);
}

/** Asserts a response exists and returns it with its parsed JSON body. */
export async function jsonOf(response: Response | undefined): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  expect(response).toBeInstanceOf(Response);
  const res = response as Response;
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, response: res };
}

/** What `expectError` returns: the headers and the parsed and raw body of the error answer. */
export interface ErrorAnswer {
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/**
 * Asserts the JSON error shape `{status: 'error', code, message}` with the given HTTP status: `code`
 * must be a code of the one catalog (`SERVER_ERROR_CODES`) that belongs to this status (or the
 * generic `client_error`/`server_error` of its class), and equal `code` when one is given.
 */
export async function expectError(response: Response | undefined, status: number, message?: RegExp, code?: string): Promise<ErrorAnswer> {
  const { status: actual, body, response: res } = await jsonOf(response);
  expect({ status: actual, bodyStatus: body.status }).toEqual({ status, bodyStatus: 'error' });
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  expectCatalogCode(body.code, status);
  if (code !== undefined) expect(body.code).toBe(code);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  return { headers: res.headers, body, text: JSON.stringify(body) };
}

/** A subject function reading `X-Test-User` (tests stand in for the host's session lookup). */
export function headerSubject(request: Request): string | null {
  return request.headers.get('x-test-user');
}

export function as(user: string): Record<string, string> {
  return { 'X-Test-User': user };
}

/** Asserts that `code` is in the catalog and belongs to `status`. */
export function expectCatalogCode(code: unknown, status: number): void {
  expect(isServerErrorCode(code), `code ${JSON.stringify(code)} is in SERVER_ERROR_CODES`).toBe(true);
  const catalogStatus = SERVER_ERROR_CODES[code as keyof typeof SERVER_ERROR_CODES];
  if (catalogStatus === null) expect(code).toBe(status < 500 ? 'client_error' : 'server_error');
  else expect(catalogStatus).toBe(status);
}
