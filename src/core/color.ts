/**
 * CSS colours as the spec accepts them, and the contrast arithmetic charts use to keep every colour
 * readable on the theme's background.
 *
 * A spec may be written by a language model, so a colour is never passed on as written: the parser
 * checks it against `SPEC_LIMITS.colorPattern` (hex, `rgb()`/`rgba()`, `hsl()`/`hsla()` or one of
 * the CSS named colours, any letter case) and `parseCssColor` turns it into lower-case hex, the only
 * form a parsed spec holds. Nothing here touches the DOM.
 *
 * @module
 */

/**
 * The CSS named colours (CSS Color Module Level 4), `name:rrggbb`. `transparent`, `currentcolor`
 * and system colours are left out on purpose: they are not a colour a series can be drawn in.
 */
const NAMED =
  'aliceblue:f0f8ff,antiquewhite:faebd7,aqua:00ffff,aquamarine:7fffd4,azure:f0ffff,beige:f5f5dc,bisque:ffe4c4,black:000000,' +
  'blanchedalmond:ffebcd,blue:0000ff,blueviolet:8a2be2,brown:a52a2a,burlywood:deb887,cadetblue:5f9ea0,chartreuse:7fff00,' +
  'chocolate:d2691e,coral:ff7f50,cornflowerblue:6495ed,cornsilk:fff8dc,crimson:dc143c,cyan:00ffff,darkblue:00008b,' +
  'darkcyan:008b8b,darkgoldenrod:b8860b,darkgray:a9a9a9,darkgreen:006400,darkgrey:a9a9a9,darkkhaki:bdb76b,darkmagenta:8b008b,' +
  'darkolivegreen:556b2f,darkorange:ff8c00,darkorchid:9932cc,darkred:8b0000,darksalmon:e9967a,darkseagreen:8fbc8f,' +
  'darkslateblue:483d8b,darkslategray:2f4f4f,darkslategrey:2f4f4f,darkturquoise:00ced1,darkviolet:9400d3,deeppink:ff1493,' +
  'deepskyblue:00bfff,dimgray:696969,dimgrey:696969,dodgerblue:1e90ff,firebrick:b22222,floralwhite:fffaf0,forestgreen:228b22,' +
  'fuchsia:ff00ff,gainsboro:dcdcdc,ghostwhite:f8f8ff,gold:ffd700,goldenrod:daa520,gray:808080,green:008000,greenyellow:adff2f,' +
  'grey:808080,honeydew:f0fff0,hotpink:ff69b4,indianred:cd5c5c,indigo:4b0082,ivory:fffff0,khaki:f0e68c,lavender:e6e6fa,' +
  'lavenderblush:fff0f5,lawngreen:7cfc00,lemonchiffon:fffacd,lightblue:add8e6,lightcoral:f08080,lightcyan:e0ffff,' +
  'lightgoldenrodyellow:fafad2,lightgray:d3d3d3,lightgreen:90ee90,lightgrey:d3d3d3,lightpink:ffb6c1,lightsalmon:ffa07a,' +
  'lightseagreen:20b2aa,lightskyblue:87cefa,lightslategray:778899,lightslategrey:778899,lightsteelblue:b0c4de,' +
  'lightyellow:ffffe0,lime:00ff00,limegreen:32cd32,linen:faf0e6,magenta:ff00ff,maroon:800000,mediumaquamarine:66cdaa,' +
  'mediumblue:0000cd,mediumorchid:ba55d3,mediumpurple:9370db,mediumseagreen:3cb371,mediumslateblue:7b68ee,' +
  'mediumspringgreen:00fa9a,mediumturquoise:48d1cc,mediumvioletred:c71585,midnightblue:191970,mintcream:f5fffa,' +
  'mistyrose:ffe4e1,moccasin:ffe4b5,navajowhite:ffdead,navy:000080,oldlace:fdf5e6,olive:808000,olivedrab:6b8e23,' +
  'orange:ffa500,orangered:ff4500,orchid:da70d6,palegoldenrod:eee8aa,palegreen:98fb98,paleturquoise:afeeee,' +
  'palevioletred:db7093,papayawhip:ffefd5,peachpuff:ffdab9,peru:cd853f,pink:ffc0cb,plum:dda0dd,powderblue:b0e0e6,' +
  'purple:800080,rebeccapurple:663399,red:ff0000,rosybrown:bc8f8f,royalblue:4169e1,saddlebrown:8b4513,salmon:fa8072,' +
  'sandybrown:f4a460,seagreen:2e8b57,seashell:fff5ee,sienna:a0522d,silver:c0c0c0,skyblue:87ceeb,slateblue:6a5acd,' +
  'slategray:708090,slategrey:708090,snow:fffafa,springgreen:00ff7f,steelblue:4682b4,tan:d2b48c,teal:008080,thistle:d8bfd8,' +
  'tomato:ff6347,turquoise:40e0d0,violet:ee82ee,wheat:f5deb3,white:ffffff,whitesmoke:f5f5f5,yellow:ffff00,yellowgreen:9acd32';

let namedTable: Map<string, string> | null = null;

/** Named colours by lower-case name, built on first use. */
function named(): Map<string, string> {
  if (namedTable === null) {
    namedTable = new Map();
    for (const entry of NAMED.split(',')) {
      const [name, hex] = entry.split(':') as [string, string];
      namedTable.set(name, `#${hex}`);
    }
  }
  return namedTable;
}

/** Every CSS named colour the spec accepts, lower case, in alphabetical order. */
export function cssColorNames(): string[] {
  return [...named().keys()];
}

/** A regex source that matches `word` in any letter case without the `i` flag (JSON Schema has none). */
function anyCase(word: string): string {
  let out = '';
  for (const ch of word) out += /[a-z]/.test(ch) ? `[${ch.toUpperCase()}${ch}]` : ch;
  return out;
}

/**
 * The regex source (ECMAScript, `u` flag, no look-around) of a colour the spec accepts: hex with 3,
 * 4, 6 or 8 digits; `rgb()`/`rgba()` with three numbers or percentages, comma- or space-separated,
 * and an optional alpha; `hsl()`/`hsla()` with a hue (optionally `deg`, may be negative) and two
 * percentages, and an optional alpha; or a CSS named colour. Function names, units and names may be
 * in any letter case; up to four spaces may separate the parts. Out-of-range numbers are accepted
 * and clamped, as CSS does.
 */
export function colorPatternSource(): string {
  const num = '(?:\\d{1,3}(?:\\.\\d{1,6})?|\\.\\d{1,6})';
  const sp = ' {0,4}';
  const gap = ' {1,4}';
  const pct = `${num}%`;
  const channel = `${num}%?`;
  const hue = `-?${num}(?:${anyCase('deg')})?`;
  const alphaComma = `(?:${sp},${sp}${channel})?`;
  const alphaSlash = `(?:${sp}/${sp}${channel})?`;
  const rgbName = `${anyCase('rgb')}[Aa]?`;
  const hslName = `${anyCase('hsl')}[Aa]?`;
  const rgb = `${rgbName}\\(${sp}(?:${channel}${sp},${sp}${channel}${sp},${sp}${channel}${alphaComma}|${channel}${gap}${channel}${gap}${channel}${alphaSlash})${sp}\\)`;
  const hsl = `${hslName}\\(${sp}(?:${hue}${sp},${sp}${pct}${sp},${sp}${pct}${alphaComma}|${hue}${gap}${pct}${gap}${pct}${alphaSlash})${sp}\\)`;
  const hex = '#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})';
  const names = cssColorNames().map(anyCase).join('|');
  return `^(?:${hex}|${rgb}|${hsl}|${names})$`;
}

/** An sRGB colour: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number, low: number, high: number): number => (value < low ? low : value > high ? high : value);

/** A channel token (`128`, `50%`) as 0–255. */
function channelOf(token: string): number {
  return token.endsWith('%') ? clamp(parseFloat(token) * 2.55, 0, 255) : clamp(parseFloat(token), 0, 255);
}

/** An alpha token (`0.5`, `50%`) as 0–1; absent is 1. */
function alphaOf(token: string | undefined): number {
  if (token === undefined) return 1;
  return token.endsWith('%') ? clamp(parseFloat(token) / 100, 0, 1) : clamp(parseFloat(token), 0, 1);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hue = ((h % 360) + 360) % 360;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - chroma / 2;
  const [r, g, b] = hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

let colorRegex: RegExp | null = null;

/**
 * Parses a CSS colour of the spec's syntax (see `colorPatternSource`) into sRGB; null for anything
 * else (`var(--x)`, `url(...)`, `transparent`, `red;background:url(x)`, a number, ...).
 *
 * @example
 * parseCssColor('hsl(120, 100%, 25%)'); // { r: 0, g: 128, b: 0, a: 1 } (rounded)
 */
export function parseCssColor(text: unknown): Rgba | null {
  if (typeof text !== 'string') return null;
  colorRegex ??= new RegExp(colorPatternSource(), 'u');
  if (!colorRegex.test(text)) return null;
  const lower = text.toLowerCase();
  if (lower.startsWith('#')) {
    const digits = lower.slice(1);
    const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
    const at = (i: number): number => parseInt(full.slice(i, i + 2), 16);
    return { r: at(0), g: at(2), b: at(4), a: full.length === 8 ? at(6) / 255 : 1 };
  }
  const open = lower.indexOf('(');
  if (open < 0) {
    const hex = named().get(lower);
    return hex === undefined ? null : parseCssColor(hex);
  }
  const tokens = lower.slice(open + 1, -1).split(/[\s,/]+/).filter((t) => t !== '');
  const [t0 = '0', t1 = '0', t2 = '0', t3] = tokens;
  if (lower.startsWith('rgb')) return { r: Math.round(channelOf(t0)), g: Math.round(channelOf(t1)), b: Math.round(channelOf(t2)), a: alphaOf(t3) };
  const [r, g, b] = hslToRgb(parseFloat(t0), clamp(parseFloat(t1) / 100, 0, 1), clamp(parseFloat(t2) / 100, 0, 1));
  return { r: Math.round(r), g: Math.round(g), b: Math.round(b), a: alphaOf(t3) };
}

const hex2 = (n: number): string => Math.round(clamp(n, 0, 255)).toString(16).padStart(2, '0');

/** `#rrggbb`, or `#rrggbbaa` when alpha is below 1; lower case. */
export function toHex(color: Rgba): string {
  const base = `#${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}`;
  return color.a >= 1 ? base : `${base}${hex2(color.a * 255)}`;
}

/** A spec colour in its canonical form (lower-case hex), or null when the text is no colour of the spec's syntax. */
export function normaliseCssColor(text: unknown): string | null {
  const color = parseCssColor(text);
  return color === null ? null : toHex(color);
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of an opaque colour (alpha is ignored). */
export function relativeLuminance(color: Rgba): number {
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG 2 contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `top` drawn over an opaque `bottom`: what the eye sees of a translucent colour. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
}

function mix(color: Rgba, toward: Rgba, amount: number): Rgba {
  return { r: color.r + (toward.r - color.r) * amount, g: color.g + (toward.g - color.g) * amount, b: color.b + (toward.b - color.b) * amount, a: 1 };
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The colour to draw `color` in on each of `backgrounds` so that it has at least `minRatio` contrast
 * against all of them (WCAG 2's 3:1 for graphics by default): the colour itself when it already
 * has, else the same hue mixed toward black (on light backgrounds) or white (on dark ones) in small
 * steps until it does. Translucent colours are first composited over the first background, so the
 * result is always an opaque `#rrggbb`.
 *
 * Edge cases: an unparsable `color` or no backgrounds returns `color` unchanged; when backgrounds
 * are both light and dark and no mix satisfies every one, the mix with the best worst-case ratio is
 * returned.
 */
export function ensureContrast(color: string, backgrounds: readonly string[], minRatio = 3): string {
  const parsed = parseCssColor(color);
  const grounds = backgrounds.map(parseCssColor).filter((b): b is Rgba => b !== null);
  if (parsed === null || grounds.length === 0) return color;
  const base = over(parsed, grounds[0] as Rgba);
  const worst = (c: Rgba): number => Math.min(...grounds.map((g) => contrastRatio(c, g)));
  if (worst(base) >= minRatio) return toHex(base);
  const light = relativeLuminance(grounds[0] as Rgba) > 0.18;
  const target = light ? BLACK : WHITE;
  let best = base;
  let bestRatio = worst(base);
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(base, target, step / 20);
    const ratio = worst(candidate);
    if (ratio >= minRatio) return toHex(candidate);
    if (ratio > bestRatio) {
      best = candidate;
      bestRatio = ratio;
    }
  }
  return toHex(best);
}
