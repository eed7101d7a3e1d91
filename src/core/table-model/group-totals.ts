/**
 * Totals of a simple table: of its sections (`group_by`), per group and column, and of its footer
 * (`footerTotals`), per column, with the KPI aggregates (`resolveKpis`: one implementation of `sum`,
 * `avg`, `min`, `max` and `count`, with its handling of empty values, numeric strings and
 * overflow). A module of its own because it brings the KPI code: `SimpleTable` loads it with its
 * section header rows and its totals footer, only for a table that shows them.
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

/** The KPI specs computing the totals of `columns` (those whose total is not `none`). */
function totalSpecs(columns: readonly TotalColumn[]): { totalled: { column: TotalColumn; total: Exclude<ColumnTotal, 'none'> }[]; specs: KpiSpec[] } {
  const totalled = columns.flatMap((column) => {
    const total = columnTotalOf(column);
    return total === 'none' ? [] : [{ column, total }];
  });
  const specs: KpiSpec[] = totalled.map(({ column, total }) => ({
    label: column.key,
    columnKey: column.key,
    aggregate: total,
    // A count is a number of values whatever the column shows.
    format: total === 'count' ? 'number' : column.format,
    icon: null,
    tone: 'neutral',
  }));
  return { totalled, specs };
}

function totalsOver<R extends Row>(rows: readonly R[], totals: ReturnType<typeof totalSpecs>, options?: FormatOptions): GroupTotal[] {
  return resolveKpis(totals.specs, rows, options).map((kpi, i) => ({
    key: totals.totalled[i]!.column.key,
    total: totals.totalled[i]!.total,
    value: kpi.value,
    display: kpi.display,
  }));
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
  const totals = totalSpecs(columns);
  if (totals.specs.length === 0) return view.groups.map(() => []);
  return view.groups.map((group) => {
    const groupRows = Array.from(view.order.subarray(group.start, group.start + group.count), (i) => rows[i] as R);
    return totalsOver(groupRows, totals, options);
  });
}

/**
 * The totals of a whole table (its footer), per column whose total is not `none`, with the same
 * aggregates as `groupTotals`, over the rows `shown` names (the rows a search leaves, in any
 * order; null: every row). Rows are taken in their order in `rows`, whatever order `shown` has, so
 * a sum does not change in its last digits when the reader sorts. Indices out of range are ignored.
 *
 * Cost: one pass over `rows` to put the shown ones in order (none when `shown` is null), then one
 * over the shown rows for all columns together.
 */
export function tableTotals<R extends Row>(rows: readonly R[], shown: ArrayLike<number> | null, columns: readonly TotalColumn[], options?: FormatOptions): GroupTotal[] {
  const totals = totalSpecs(columns);
  if (totals.specs.length === 0) return [];
  if (shown === null) return totalsOver(rows, totals, options);
  const marks = new Uint8Array(rows.length);
  for (let i = 0; i < shown.length; i++) {
    const index = shown[i]!;
    if (index >= 0 && index < marks.length) marks[index] = 1;
  }
  const picked: R[] = [];
  for (let i = 0; i < marks.length; i++) if (marks[i] === 1) picked.push(rows[i] as R);
  return totalsOver(picked, totals, options);
}
