/**
 * Zod, which the MCP Apps SDK validates every message with, set to never generate code. By default
 * the first object schema Zod creates probes whether `new Function` works (to compile fast
 * parsers); under a host's Content-Security-Policy without `unsafe-eval` the probe is refused and
 * reported as a policy violation, though nothing breaks. The SDK's `App` turns code generation off
 * in its constructor, but the MCP schemas are created when their modules load, before any `App`
 * exists. This module sets it first: `main.ts` imports it before anything else, and a module's
 * imports are evaluated in order, so no schema is created before it.
 *
 * @module
 */
import { config } from 'zod/v4/core';

/**
 * Zod's global settings, with code generation off (`jitless`), set when this module is evaluated.
 * An export rather than a bare side effect: the package marks its modules free of side effects
 * (only its CSS has them), so a bundler may drop a module nothing imports a name from.
 */
export const ZOD_CONFIG = config({ jitless: true });
