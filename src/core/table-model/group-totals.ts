/**
 * Totals of the sections of a simple table (`group_by`): per group and column, the KPI aggregates
 * (`resolveKpis`: one implementation of `sum`, `avg`, `min`, `max` and `count`, with its handling of
 * empty values, numeric strings and overflow). A module of its own because it brings the KPI code:
 * `SimpleTable` loads it with its section header rows, only for a table with sections.
 *
 * @module
 */
import type { ColumnTotal, FormatOptions, KpiSpec, Row, ValueFormat } from '../types';
import { resolveKpis } from '../kpi';
import type { GroupedView } from './groups';

/** A column's total in a group header. */
export interface GroupTotal {
  key: string;
  total: Exclude<ColumnTotal, 'none'>;
  value: number | null;
  /** The value formatted like the column (counts as numbers); "—" for no value (an average of nothing). */
  display: string;
}

/** What `groupTotals` reads of a column. */
export interface TotalColumn {
  key: string;
  format: ValueFormat;
  /** Absent: `sum` for numeric formats, `none` for `text` (the spec's default). */
  total?: ColumnTotal;
}

/** The total of a column: its own, else `sum` for `number`, `currency` and `percent`, `none` for `text`. */
export function columnTotalOf(column: TotalColumn): ColumnTotal {
  return column.total ?? (column.format === 'text' ? 'none' : 'sum');
}

/**
 * The totals of every group of `view`, per column whose total is not `none`, computed with the KPI
 * aggregates over the group's shown rows (`sum` of no values is 0, `avg`/`min`/`max` of no values
 * is null and shows "—", `count` counts non-empty values; numeric strings are read in `options`'
 * locale). One entry per group, in `view.groups` order; each lists the columns in `columns` order.
 *
 * Cost: one pass over the shown rows for all columns together (`resolveKpis` per group).
 */
export function groupTotals<R extends Row>(rows: readonly R[], view: GroupedView, columns: readonly TotalColumn[], options?: FormatOptions): GroupTotal[][] {
  const totalled = columns.flatMap((column) => {
    const total = columnTotalOf(column);
    return total === 'none' ? [] : [{ column, total }];
  });
  if (totalled.length === 0) return view.groups.map(() => []);
  const specs: KpiSpec[] = totalled.map(({ column, total }) => ({
    label: column.key,
    columnKey: column.key,
    aggregate: total,
    // A count is a number of values whatever the column shows.
    format: total === 'count' ? 'number' : column.format,
    icon: null,
    tone: 'neutral',
  }));
  return view.groups.map((group) => {
    const groupRows = Array.from(view.order.subarray(group.start, group.start + group.count), (i) => rows[i] as R);
    return resolveKpis(specs, groupRows, options).map((kpi, i) => ({
      key: totalled[i]!.column.key,
      total: totalled[i]!.total as Exclude<ColumnTotal, 'none'>,
      value: kpi.value,
      display: kpi.display,
    }));
  });
}
