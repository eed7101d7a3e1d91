/**
 * Who may show the handler's HTML fragments and export downloads inside a frame. Sent twice, as CSP
 * `frame-ancestors` (what current browsers obey) and, where it can say the same, `X-Frame-Options`
 * (for old ones). A framed fragment or download on a foreign page is the raw material of
 * clickjacking, so the default forbids framing altogether.
 *
 * @module
 */

/**
 * The frame policy: `'none'` (default: never framed), `'self'` (only by pages of the same origin),
 * or a list of CSP sources (`'self'`, `https://portal.example.com`, `https://*.intranet.example`).
 */
export type FrameAncestors = 'none' | 'self' | readonly string[];

/** A resolved frame policy: the CSP directive and the headers that go with it. */
export interface FramePolicy {
  /** `frame-ancestors …`, for a `Content-Security-Policy` header. */
  directive: string;
  /** `X-Frame-Options` (absent for a list of origins, which that header cannot express). */
  headers: Readonly<Record<string, string>>;
}

/** One CSP source: `'self'`, a scheme (`https:`), or a host source with optional scheme, `*.`, port and path. */
const SOURCE = /^(?:'self'|[a-z][a-z0-9+.-]*:|(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?(?:\/[a-z0-9\-._~%!$&()*+=@/]*)?)$/i;

/**
 * Checks and resolves a frame policy once, at handler creation.
 *
 * Edge cases: an empty list, a list entry that is not one CSP source (spaces, `;`, `,`, quotes other
 * than `'self'`, control characters) or any other value throws a `TypeError`, so a typo can never
 * inject another directive or header; `'none'` inside a list is refused (it cannot be combined).
 */
export function resolveFramePolicy(value: FrameAncestors | undefined): FramePolicy {
  if (value === undefined || value === 'none') return { directive: "frame-ancestors 'none'", headers: { 'X-Frame-Options': 'DENY' } };
  if (value === 'self') return { directive: "frame-ancestors 'self'", headers: { 'X-Frame-Options': 'SAMEORIGIN' } };
  if (!Array.isArray(value) || value.length === 0) {
    throw new TypeError("frameAncestors must be 'none', 'self' or a non-empty list of CSP sources such as https://portal.example.com.");
  }
  for (const source of value as readonly unknown[]) {
    if (typeof source !== 'string' || !SOURCE.test(source)) {
      throw new TypeError(`frameAncestors: ${JSON.stringify(source)} is not one CSP source (an origin such as https://portal.example.com, or 'self').`);
    }
  }
  return { directive: `frame-ancestors ${value.join(' ')}`, headers: {} };
}
