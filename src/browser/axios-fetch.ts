/**
 * The `axios` package as the browser bundle has it: `create()` gives the fetch client
 * (./fetch-client.ts), which is all `HttpHost` loads axios for. The bundle's build (vite.config.ts,
 * mode `iife`) puts this module in the package's place, so a page without a build does not download
 * axios; apps built with the library keep axios as `HttpHost`'s client.
 *
 * Anything else of axios (`axios.get`, `isAxiosError`, interceptors, …) is not here: an import of it
 * in the bundle's sources is undefined. Add it here if the bundle ever needs more than `create()`.
 *
 * @module
 */
import { createFetchClient } from './fetch-client';

export default { create: createFetchClient };
