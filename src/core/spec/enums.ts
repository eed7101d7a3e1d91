/**
 * Runtime lists of every enum of the wire spec. The TypeScript unions in `../types` are the source of
 * truth; `exhaustive` makes the compiler refuse a list that misses a member or adds a stranger, so the
 * lists, the yup rules and the JSON Schema (checked by a test) cannot drift apart.
 *
 * @module
 */
import type {
  Align,
  ChartDataSource,
  ChartType,
  KpiAggregate,
  KpiIcon,
  KpiTone,
  LayoutBlock,
  SearchMode,
  ValueFormat,
  Wrapper,
} from '../types';

/** Resolves to `Values` only when it names every member of `Union` and nothing else; `never` otherwise. */
type Exhaustive<Union extends string, Values extends readonly Union[]> = [Union] extends [Values[number]] ? Values : never;

/** Freezes a literal list after the compiler has checked it covers the whole union. */
function exhaustive<Union extends string>() {
  return <const Values extends readonly Union[]>(values: Exhaustive<Union, Values>): Values => Object.freeze(values);
}

/**
 * Every allowed value of each wire-spec enum, in documentation order. Frozen.
 *
 * Keys are the wire field names they apply to (`format` serves columns and KPIs alike). Values are
 * case-sensitive: `"Bar"` is not `"bar"`.
 */
export const SPEC_ENUMS = Object.freeze({
  format: exhaustive<ValueFormat>()(['text', 'number', 'currency', 'percent']),
  align: exhaustive<Align>()(['left', 'center', 'right']),
  aggregate: exhaustive<KpiAggregate>()(['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median']),
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
  chart_type: exhaustive<ChartType>()(['bar', 'horizontal_bar', 'stacked_bar', 'line', 'area', 'pie', 'donut']),
  data_source: exhaustive<ChartDataSource>()(['static', 'grid_filtered']),
  block: exhaustive<LayoutBlock>()(['title', 'kpis', 'chart', 'table']),
  wrapper: exhaustive<Wrapper>()(['full', 'inner', 'shell']),
  search_mode: exhaustive<SearchMode>()(['global', 'per_column', 'disabled']),
});

/** Name of one enum list in `SPEC_ENUMS`. */
export type SpecEnumName = keyof typeof SPEC_ENUMS;
