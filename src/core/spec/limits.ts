/**
 * Every limit of the wire spec as data. The yup rules read these constants and a test checks that
 * `schema/grid-view-spec.v1.json` states exactly the same numbers and patterns, so changing a limit
 * here without the schema (or the other way round) fails the build.
 *
 * @module
 */
import { colorPatternSource } from '../color';

/**
 * Characters browsers strip or treat as separators while parsing a URL, as a regex class body. It is
 * the same set `isSafeUrl` in `../url` refuses; `test/core/schema-agreement.test.ts` proves the
 * patterns below accept exactly what `isSafeUrl`/`checkLinkTemplate` accept.
 */
const URL_BREAKERS = '\\u0000-\\u0020\\u007f-\\u00a0\\u1680\\u2000-\\u200f\\u2028-\\u202f\\u205f\\u3000\\ufeff';

/**
 * Builds the regex source of a safe URL: an absolute http(s) URL (`http://` or `https://`, any case)
 * or a relative one (no `scheme:` prefix at all). With `placeholders`, `{name}` parts are allowed and
 * count as one scheme letter (as `checkLinkTemplate` replaces them by `x`), while a brace outside a
 * well-formed placeholder is refused.
 *
 * Written without look-ahead so that validators with RE2-style engines read it the same way as
 * ECMAScript ones. "Relative" is said positively: either the first character cannot start a scheme,
 * or the longest run of scheme characters is followed by something other than `:`.
 */
function safeUrlPattern(placeholders: boolean): string {
  const braces = placeholders ? '{}' : '';
  const plain = `[^${braces}\\\\${URL_BREAKERS}]`;
  const unit = placeholders ? `(?:${plain}|\\{[^{}]+\\})` : plain;
  const schemeStart = placeholders ? '(?:[A-Za-z]|\\{[^{}]+\\})' : '[A-Za-z]';
  const schemeChar = placeholders ? '(?:[A-Za-z0-9+.-]|\\{[^{}]+\\})' : '[A-Za-z0-9+.-]';
  const absolute = `[Hh][Tt][Tt][Pp][Ss]?://${unit}*`;
  const noSchemeStart = `[^A-Za-z${braces}\\\\${URL_BREAKERS}]${unit}*`;
  const schemeLikeRun = `${schemeStart}${schemeChar}*(?:[^A-Za-z0-9+.:${braces}\\\\${URL_BREAKERS}-]${unit}*)?`;
  return `^(?:${absolute}|${noSchemeStart}|${schemeLikeRun})$`;
}

/**
 * The limits of a wire spec. Frozen. String lengths count Unicode code points (an emoji is one
 * character), which is what JSON Schema's `minLength`/`maxLength` mean and what ajv counts by default;
 * JavaScript's `.length` would count some emoji as two. Patterns are ECMAScript regex sources, to be
 * compiled with the `u` flag (that is how JSON Schema validators compile them).
 *
 * - `gridIdPattern`/`gridIdMaxLength`: `grid_id`, a DOM id prefix and the stored preference key
 *   (the preference table holds 100 characters).
 * - `columns*`, `kpisMax`, `chartsMax`, `series*`, `layoutBlocks*`: array sizes. Columns are capped at
 *   200 so one spec cannot ask for an unusable table or an expensive render.
 * - `keyMaxLength`/`keyPattern`: every row key the spec names (`columns[].key`, `kpis[].column_key`,
 *   `charts[].x_key`, `charts[].series[].key`): non-empty, no control characters; any script is fine
 *   (`"Сума"` is a valid key). `reservedKeys` are refused as key values because code downstream may
 *   use a key as a property name of a plain object.
 * - `labelMaxLength`/`titleMaxLength`: labels and the title must contain a non-whitespace character
 *   (whitespace as JavaScript's `trim` and regex `\s` define it).
 * - `chartIdPattern`/`chartIdMaxLength`: `charts[].id`, unique within a view (the schema cannot say
 *   "unique by id"; the parser checks it).
 * - `heightMin`/`heightMax`: chart height in whole pixels, inclusive.
 * - `widthPattern`: a column width such as `120px`, `12.5rem`, `20%`, `auto`.
 * - `urlMaxLength`, `linkTemplatePattern`, `urlPattern`: `link_template` and `export_pdf_url`, http(s)
 *   or relative only.
 * - `kpiColumnsMin`/`kpiColumnsMax`: `layout.kpi_columns`, KPI cards per row.
 * - `iconMaxLength`: a KPI `icon`, free text as in the seed system (only known names are drawn).
 * - `exportColumnsMax`: entries of `export_columns` (as many as there may be columns).
 * - `colorPattern`: a series colour (see `colorPatternSource` in `../color`): hex, `rgb()`, `hsl()`
 *   or a CSS named colour, in any letter case. Nothing else reaches a renderer.
 */
export const SPEC_LIMITS = Object.freeze({
  gridIdPattern: '^[a-z][a-z0-9_-]*$',
  gridIdMaxLength: 100,
  columnsMin: 1,
  columnsMax: 200,
  kpisMax: 8,
  chartsMax: 3,
  seriesMin: 1,
  seriesMax: 8,
  layoutBlocksMin: 1,
  layoutBlocksMax: 6,
  kpiColumnsMin: 1,
  kpiColumnsMax: 6,
  exportColumnsMax: 200,
  iconMaxLength: 100,
  keyMaxLength: 100,
  keyPattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]+$',
  reservedKeys: Object.freeze(['__proto__'] as const),
  labelMaxLength: 200,
  titleMaxLength: 200,
  chartIdPattern: '^[a-z][a-z0-9_-]*$',
  chartIdMaxLength: 64,
  heightMin: 120,
  heightMax: 1200,
  widthPattern: '^(auto|\\d{1,4}(\\.\\d{1,2})?(px|rem|em|%|ch|vw))$',
  urlMaxLength: 2048,
  linkTemplatePattern: safeUrlPattern(true),
  urlPattern: safeUrlPattern(false),
  /** Pattern of "contains a character other than whitespace", used for labels and the title. */
  visibleTextPattern: '\\S',
  colorPattern: colorPatternSource(),
} as const);

/** Number of Unicode code points in `text`; a lone surrogate counts as one, like JSON Schema validators. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if ((next & 0xfc00) === 0xdc00) i++;
    }
    count++;
  }
  return count;
}
