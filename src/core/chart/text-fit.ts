/**
 * How wide a chart's text is drawn, estimated without a canvas, and names wrapped at whole words.
 *
 * ECharts wraps a label itself when it has a `width` and `overflow: 'break'`, but it measures every
 * character outside ASCII as wide as its glyph for 国: a full em on a machine with a CJK font (most
 * readers' machines), the narrow missing-glyph box on one without. A Ukrainian name is then broken
 * inside a word ("Онлайн-замовл / ення") where the room would hold it whole, and where it breaks
 * depends on the fonts installed. So the charts wrap names here, between words only, and hand
 * ECharts lines it never breaks again.
 *
 * @module
 */

/** Font size of the chart's text by default, in pixels (ECharts' own default). */
export const LABEL_FONT_SIZE = 12;

/**
 * About how wide `text` is drawn at `fontSize` pixels in a common sans-serif UI font: by character
 * class, on the wide side (DejaVu Sans, among the widest, is the measure), so that a label judged
 * to fit does fit. The core has no canvas to measure.
 */
export function estimateTextWidth(text: string, fontSize: number = LABEL_FONT_SIZE): number {
  let em = 0;
  for (const ch of text) {
    if (/[\s.,:;'’|!()[\]-]/u.test(ch)) em += 0.34;
    else if (/[0-9]/u.test(ch)) em += 0.62;
    else if (/[mwMWЖжШшЩщЮю@%—]/u.test(ch)) em += 0.95;
    else if (/[A-ZА-ЯЁЄІЇҐ$€£₴]/u.test(ch)) em += 0.72;
    else em += 0.6;
  }
  return em * fontSize;
}

/** Where a word may be broken: after a hyphen between two other characters ("Онлайн-|замовлення"). */
const AFTER_HYPHEN = /(?<=[^-\u2010][-\u2010])(?=[^-\u2010])/u;

/**
 * `text` as lines no wider than `maxWidth` pixels (as {@link estimateTextWidth} measures them at
 * `fontSize`), broken only between words: at whitespace, which is dropped, and after a hyphen inside
 * a word, which stays at the end of its line ("Онлайн-" / "замовлення"). A word wider than
 * `maxWidth` gets a line of its own and is never broken. Line breaks already in the text are kept.
 * Without a usable `maxWidth` (undefined, not finite, or 0 and less) every paragraph is one line.
 * Empty text gives `['']`.
 */
export function wrapWords(text: string, maxWidth: number | undefined, fontSize: number = LABEL_FONT_SIZE): string[] {
  const paragraphs = text.split('\n');
  if (maxWidth === undefined || !Number.isFinite(maxWidth) || maxWidth <= 0) return paragraphs;
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    // Pieces a line may end after; `glued` marks a piece that continues the previous one's word.
    const pieces: { text: string; glued: boolean }[] = [];
    for (const word of paragraph.split(/\s+/u).filter((w) => w !== '')) {
      word.split(AFTER_HYPHEN).forEach((part, i) => pieces.push({ text: part, glued: i > 0 }));
    }
    let line = '';
    for (const piece of pieces) {
      const joined = line === '' ? piece.text : `${line}${piece.glued ? '' : ' '}${piece.text}`;
      if (line !== '' && estimateTextWidth(joined, fontSize) > maxWidth) {
        lines.push(line);
        line = piece.text;
      } else {
        line = joined;
      }
    }
    lines.push(line);
  }
  return lines;
}
