/**
 * Duplicate keys in JSON text. `JSON.parse` keeps the last of two equal keys and says nothing, so
 * `{"grid_id":"a","grid_id":"b"}` would silently become `b`; the body reader refuses such bodies
 * instead, using this scanner on text that `JSON.parse` has already accepted.
 *
 * @module
 */

/** Where a key appears twice: the key (unescaped) and the path of the object holding it. */
export interface DuplicateJsonKey {
  key: string;
  /** `''` for the top-level object, else e.g. `colPresets.Compact.columns[0]`. */
  path: string;
}

type Frame =
  | { kind: 'object'; segment: string; keys: Set<string>; expectKey: boolean; lastKey: string }
  | { kind: 'array'; segment: string; index: number };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Finds the first object key that appears twice in the same object, comparing keys after unescaping
 * (`"a"` and `"\u0061"` are the same key), or returns null.
 *
 * `text` must be valid JSON (call it after `JSON.parse` succeeded): the scanner only tracks strings,
 * brackets, commas and colons, and gives no guarantee for anything else. It is iterative, so deeply
 * nested input cannot overflow the stack, and linear in the length of the text; paths are built
 * only for the answer.
 */
export function findDuplicateJsonKey(text: string): DuplicateJsonKey | null {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    switch (char) {
      case 0x7b /* { */:
        stack.push({ kind: 'object', segment: childSegment(top), keys: new Set(), expectKey: true, lastKey: '' });
        break;
      case 0x5b /* [ */:
        stack.push({ kind: 'array', segment: childSegment(top), index: 0 });
        break;
      case 0x7d /* } */:
      case 0x5d /* ] */:
        stack.pop();
        break;
      case 0x2c /* , */:
        if (top?.kind === 'object') top.expectKey = true;
        else if (top?.kind === 'array') top.index++;
        break;
      case 0x3a /* : */:
        if (top?.kind === 'object') top.expectKey = false;
        break;
      case 0x22 /* " */: {
        const end = stringEnd(text, i);
        if (top?.kind === 'object' && top.expectKey) {
          const key = JSON.parse(text.slice(i, end + 1)) as string;
          if (top.keys.has(key)) return { key, path: joinPath(stack) };
          top.keys.add(key);
          top.lastKey = key;
        }
        i = end;
        break;
      }
      default:
        // Whitespace, numbers, true, false, null: nothing to track.
        break;
    }
  }
  return null;
}

/** Index of the closing quote of the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x5c /* \ */) i++;
    else if (char === 0x22) return i;
  }
  return text.length - 1;
}

/** The path segment of a value that starts now inside `parent` (empty at the top level). */
function childSegment(parent: Frame | undefined): string {
  if (parent === undefined) return '';
  if (parent.kind === 'array') return `[${parent.index}]`;
  return IDENTIFIER.test(parent.lastKey) ? `.${parent.lastKey}` : `[${JSON.stringify(parent.lastKey)}]`;
}

function joinPath(stack: readonly Frame[]): string {
  const path = stack.map((frame) => frame.segment).join('');
  return path.startsWith('.') ? path.slice(1) : path;
}
