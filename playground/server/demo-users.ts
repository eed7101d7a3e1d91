/**
 * Demo sign-in for the playground. NOT authentication: anyone can claim to be alice or bob. It only
 * exists so the preferences page can show two users and an anonymous caller against the real
 * preferences routes. A real application takes the subject from its own session or token.
 *
 * @module
 */

/** The cookie naming the demo user. */
export const DEMO_USER_COOKIE = 'gv_demo_user';

/** Users the demo knows; anything else is anonymous. */
export const DEMO_USERS = ['alice', 'bob'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

function isDemoUser(value: string | undefined): value is DemoUser {
  return (DEMO_USERS as readonly string[]).includes(value ?? '');
}

/** Reads one cookie value from a Cookie header; undefined when absent or undecodable. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The demo user of a request, or null for an anonymous caller (no cookie or an unknown name). */
export function demoUserOf(request: Request): DemoUser | null {
  const value = readCookie(request.headers.get('cookie'), DEMO_USER_COOKIE);
  return isDemoUser(value) ? value : null;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * True when a state-changing request comes from this origin. Browsers send `Origin` on every POST
 * made by fetch or a form, so a missing header means a non-browser client, which is allowed; a
 * different origin is a cross-site request and is refused.
 */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  return origin === new URL(request.url).origin;
}

/**
 * Routes `/demo/login` (POST `?user=alice|bob`, or no user to sign out) and `/demo/me` (GET).
 * Returns undefined for every other path.
 *
 * Edge cases: an unknown user name is a 400 (it would otherwise silently sign the caller out); a
 * cross-origin POST is a 403; GET on `/demo/login` is a 405 so a link or image cannot switch users.
 */
export async function handleDemoUsers(request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.pathname === '/demo/me') {
    if (request.method !== 'GET') return json(405, { status: 'error', message: 'Use GET.' }, { allow: 'GET' });
    return json(200, { user: demoUserOf(request) });
  }
  if (url.pathname !== '/demo/login') return undefined;
  if (request.method !== 'POST') return json(405, { status: 'error', message: 'Use POST.' }, { allow: 'POST' });
  if (!isSameOrigin(request)) return json(403, { status: 'error', message: 'Cross-origin sign-in refused.' });
  const user = url.searchParams.get('user') ?? '';
  if (user === '') {
    return json(200, { user: null }, { 'set-cookie': `${DEMO_USER_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` });
  }
  if (!isDemoUser(user)) return json(400, { status: 'error', message: `Unknown demo user; use one of ${DEMO_USERS.join(', ')}.` });
  return json(200, { user }, { 'set-cookie': `${DEMO_USER_COOKIE}=${user}; Path=/; HttpOnly; SameSite=Lax` });
}
