/**
 * The demo sign-in of the playground server (see server/demo-users.ts): who the cookie says the
 * caller is, and switching it. Demo only: it is not authentication.
 *
 * @module
 */

export type DemoUser = 'alice' | 'bob';
export const DEMO_USERS: readonly DemoUser[] = ['alice', 'bob'];

/** The current demo user, or null when anonymous. Throws when the server cannot be reached. */
export async function fetchDemoUser(): Promise<DemoUser | null> {
  const response = await fetch('/demo/me', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /demo/me answered ${response.status}`);
  const body = (await response.json()) as { user?: unknown };
  return body.user === 'alice' || body.user === 'bob' ? body.user : null;
}

/**
 * Signs in as `user` (null signs out): the server sets the demo cookie. Run it inside the preferences
 * store's `switchSubject` so no preferences request goes out while the cookie changes.
 */
export async function switchDemoUser(user: DemoUser | null): Promise<void> {
  const query = user === null ? '' : `?user=${encodeURIComponent(user)}`;
  const response = await fetch(`/demo/login${query}`, { method: 'POST', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`POST /demo/login answered ${response.status}`);
}
