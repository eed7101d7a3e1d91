/**
 * Runtime lists of every enum of the wire spec. The TypeScript unions in `../types` are the source of
 * truth; `exhaustive` makes the compiler refuse a list that misses a member or adds a stranger, so the
 * lists, the yup rules and the JSON Schema (checked by a test) cannot drift apart. Chart types are
 * the chart-type registry's (`../chart/registry`, typed exhaustively against `ChartType` itself);
 * aggregates are the exception the other way round: their union and list both come from the
 * aggregate registry (`../aggregates`).
 *
 * @module
 */
import { AGGREGATE_NAMES } from '../aggregates';
import type {
  Align,
  ChartType,
  ChartDataSource,
  ChartSeriesType,
  ChartSortOrder,
  ColumnTotal,
  KpiIcon,
  KpiTone,
  KpiToneAlias,
  LayoutBlock,
  SearchMode,
  ValueFormat,
  Wrapper,
} from '../types';
import { chartTypes } from '../chart/registry';

/** Resolves to `Values` only when it names every member of `Union` and nothing else; `never` otherwise. */
type Exhaustive<Union extends string, Values extends readonly Union[]> = [Union] extends [Values[number]] ? Values : never;

/** Freezes a literal list after the compiler has checked it covers the whole union. */
function exhaustive<Union extends string>() {
  return <const Values extends readonly Union[]>(values: Exhaustive<Union, Values>): Values => Object.freeze(values);
}

/**
 * Every allowed value of each wire-spec enum, in documentation order. Frozen.
 *
 * Keys are the wire field names they apply to (`format` serves columns and KPIs alike, `aggregate`
 * KPIs and charts). Values are case-sensitive: `"Bar"` is not `"bar"`. Two lists are not fields of
 * their own: `tone_alias` holds the seed system's tone names the wire also accepts for `tone`
 * (normalised on parse: `default`→`neutral`, `green`→`good`, `red`→`bad`, `amber`→`warning`), and
 * `icon` lists the icons the renderers draw (`icon` takes any text; see `unknown_icon`).
 */
export const SPEC_ENUMS = Object.freeze({
  format: exhaustive<ValueFormat>()(['text', 'number', 'currency', 'percent']),
  align: exhaustive<Align>()(['left', 'center', 'right']),
  // The aggregate registry's names, in its order: the registry is their one source.
  aggregate: AGGREGATE_NAMES,
  icon: exhaustive<KpiIcon>()([
    'chart',
    'money',
    'users',
    'cart',
    'clock',
    'percent',
    'star',
    'alert',
    'check',
    'box',
    'globe',
    'trend_up',
    'trend_down',
  ]),
  tone: exhaustive<KpiTone>()(['neutral', 'good', 'bad', 'warning', 'info']),
  tone_alias: exhaustive<KpiToneAlias>()(['default', 'green', 'red', 'amber']),
  // Annotated: an inferred type would make the declaration emitter write `import('..')`, a path
  // the published declarations cannot resolve.
  chart_type: chartTypes.names as readonly ChartType[],
  series_type: exhaustive<ChartSeriesType>()(['bar', 'line']),
  data_source: exhaustive<ChartDataSource>()(['static', 'grid_filtered']),
  sort: exhaustive<ChartSortOrder>()(['asc', 'desc']),
  block: exhaustive<LayoutBlock>()(['title', 'kpis', 'chart', 'table', 'toolbar', 'ag_grid']),
  total: exhaustive<ColumnTotal>()(['sum', 'avg', 'min', 'max', 'count', 'none']),
  wrapper: exhaustive<Wrapper>()(['full', 'inner', 'shell']),
  search_mode: exhaustive<SearchMode>()(['global', 'per_column', 'disabled']),
});

/** Name of one enum list in `SPEC_ENUMS`. */
export type SpecEnumName = keyof typeof SPEC_ENUMS;
