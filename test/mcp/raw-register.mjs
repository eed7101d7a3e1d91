// `node --import ./test/mcp/raw-register.mjs`: installs ./raw-hooks.mjs (see there why).
import { register } from 'node:module';

register('./raw-hooks.mjs', import.meta.url);
