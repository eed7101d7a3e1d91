/**
 * Who is calling, for throttling: the subject when authenticated, else the client address the
 * adapter recorded, else one shared anonymous bucket.
 *
 * @module
 */
import { getClientAddress } from './request-context';

/** Throttle key of a caller. Prefixes keep a subject named like an address apart from the address. */
export function callerKey(request: Request, subject: string | null): string {
  if (subject !== null) return `subject:${subject}`;
  const address = getClientAddress(request);
  return address === null ? 'anonymous' : `address:${address}`;
}
