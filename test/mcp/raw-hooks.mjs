// Node module hooks for the stdio tests, which run the CLI from source with tsx: Vite's `?raw`
// suffix (src/mcp/catalog.ts imports docs/llm.md so) gives the file's text as the default export,
// as Vite does in the build and under Vitest. tsx alone would run the Markdown as JavaScript.
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('?raw')) {
    const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  return nextLoad(url, context);
}
