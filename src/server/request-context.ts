/**
 * What the adapters know about a request that a web-standard `Request` cannot carry: the client's
 * socket address (for the throttle) and the framework's own request object (so `subject` can read a
 * framework session). Kept in WeakMaps keyed by the `Request`, so nothing outlives the request.
 *
 * @module
 */
import type { IncomingMessage } from 'node:http';

const addresses = new WeakMap<Request, string>();
const nodeRequests = new WeakMap<Request, IncomingMessage>();
const frameworkContexts = new WeakMap<Request, unknown>();

/** Records the client address of a request (adapters call this; hosts with their own adapter may too). */
export function setClientAddress(request: Request, address: string | undefined | null): void {
  if (typeof address === 'string' && address !== '') addresses.set(request, address);
}

/**
 * The client address recorded for a request, or null when none was recorded (a request built by
 * hand, or an adapter that does not know the socket). Proxies are not consulted: `X-Forwarded-For`
 * can be forged by any client, so a host behind a proxy should record the address it trusts.
 */
export function getClientAddress(request: Request): string | null {
  return addresses.get(request) ?? null;
}

/** Records the Node (or Express) request a `Request` was built from. */
export function setNodeRequest(request: Request, req: IncomingMessage): void {
  nodeRequests.set(request, req);
}

/**
 * The Node request (an Express `req` under `expressMiddleware`) behind a `Request`, or undefined
 * when the request did not come through the Node or Express adapter. Lets `subject` read a
 * framework session: `subject: (r) => (getNodeRequest(r) as MyReq | undefined)?.session?.userId ?? null`.
 */
export function getNodeRequest(request: Request): IncomingMessage | undefined {
  return nodeRequests.get(request);
}

/** Records the framework context (Hono's `c`) a `Request` belongs to. */
export function setFrameworkContext(request: Request, context: unknown): void {
  frameworkContexts.set(request, context);
}

/**
 * The framework context recorded for a request (Hono's `Context` under `honoMiddleware`), or
 * undefined. Lets `subject` use `c.get('user')` or similar.
 */
export function getFrameworkContext<T = unknown>(request: Request): T | undefined {
  return frameworkContexts.get(request) as T | undefined;
}
