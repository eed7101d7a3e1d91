/**
 * `useSimpleTableSearch` (internal to `SimpleTable`): what the reader asks of the rows. The search
 * in the search language (docs/search.md): one global box (`v-model:query`), a filter per shown
 * searchable column, or none, with how it was understood, in words, on screen at once and spoken
 * once typing pauses; and the sort, cycled per header button (ascending, descending, original
 * order) following the WAI-ARIA sortable-table pattern and said in the live region. Both feed the
 * same view, the PDF link and the return to the top.
 *
 * @module
 */
import { computed, onBeforeUnmount, ref, shallowRef, watch } from 'vue';
import type { ComputedRef } from 'vue';
import type { Column, Row } from '../../src/core/types';
import { filterHasText, nextSortDirection } from '../../src/core/table-model/shared';
import type { SortState, TableFilter } from '../../src/core/table-model/types';
import type { SimpleTableContext } from './context';

/**
 * What the polite live region says: the summary once typing pauses (every keystroke would make a
 * screen reader talk over the reader's typing). The visible summary follows at once.
 */
const SUMMARY_PAUSE_MS = 600;

/**
 * The search and sort of one table; `shownColumns` are the columns shown (`useSimpleTableColumns`).
 * Edge cases: a hidden column's filter box is gone, so its text does not filter unseen either;
 * `disabled` search filters nothing; a host's `query` equal to the box's text changes nothing; a
 * new column set drops a sort whose column is gone or not sortable, so the header and the order
 * agree (without `sort-change`: the reader did not change it); a column that is not sortable is
 * never sorted; the summary is empty until the search code has arrived (it comes with the rows);
 * the pending spoken summary is dropped on unmount.
 */
export function useSimpleTableSearch<R extends Row>(table: SimpleTableContext<R>, shownColumns: ComputedRef<readonly Column<R>[]>) {
  const { props, emit, searchMode, translator } = table;
  /** The global search text. */
  const query = ref(props.query ?? '');
  /** Each column filter's text, by column key. */
  const filters = shallowRef<Record<string, string>>({});

  // A query set by the host (a saved search, a link) replaces what the box holds.
  watch(
    () => props.query,
    (next) => {
      if (typeof next === 'string' && next !== query.value) query.value = next;
    },
  );
  /** The sort; null is the rows' own order. */
  const sort = shallowRef<SortState | null>(null);

  /** The filter the table model runs. */
  const tableFilter = computed<TableFilter>(() => {
    if (searchMode.value === 'global') return { global: query.value };
    if (searchMode.value === 'per_column') {
      const shown = new Set(shownColumns.value.map((c) => c.key));
      return { perColumn: Object.fromEntries(Object.entries(filters.value).filter(([key]) => shown.has(key))) };
    }
    return {};
  });
  /** Whether any search text filters (a blank text does not). */
  const isFiltered = computed(() => filterHasText(tableFilter.value));
  /** The shown searchable columns: the ones with a filter box in `per_column` mode. */
  const filterColumns = computed(() => shownColumns.value.filter((c) => c.searchable));

  function changed(): void {
    emit('search-change', { query: query.value, filters: { ...filters.value } });
  }

  function onQueryInput(event: Event): void {
    query.value = (event.target as HTMLInputElement).value;
    emit('update:query', query.value);
    changed();
  }

  function onFilterInput(column: Column<R>, event: Event): void {
    filters.value = { ...filters.value, [column.key]: (event.target as HTMLInputElement).value };
    changed();
  }

  watch(table.columns, (cols) => {
    if (sort.value && !cols.some((c) => c.key === sort.value?.key && c.sortable)) sort.value = null;
  });

  /** A column's direction when it is the sorted one, else null. */
  function directionOf(column: Column<R>): 'asc' | 'desc' | null {
    return sort.value !== null && sort.value.key === column.key ? sort.value.direction : null;
  }

  function toggleSort(column: Column<R>): void {
    if (!column.sortable) return;
    const next = nextSortDirection(directionOf(column));
    sort.value = next === null ? null : { key: column.key, direction: next };
    const label = String(column.label);
    const t = translator.value;
    table.announcement.value =
      next === 'asc'
        ? t.format('table.sort.announce_ascending', { column: label })
        : next === 'desc'
          ? t.format('table.sort.announce_descending', { column: label })
          : t.t('table.sort.announce_none');
    emit('sort-change', sort.value);
  }

  /** The search in words ("Region contains north AND Units between 10 and 20"); empty when nothing filters. */
  const searchSummary = computed(() => {
    // A query needs the code to be answered too (useTableView asks for it): the summary comes with the rows.
    const code = table.engine.engine.value;
    if (code === null) return '';
    return code.describeTableSearch(searchMode.value, query.value, filters.value, table.columns.value, shownColumns.value, translator.value, table.format.value.locale);
  });

  /** What the polite live region says: the summary, once typing pauses. */
  const spokenSummary = ref('');
  let summaryTimer: ReturnType<typeof setTimeout> | null = null;
  watch(searchSummary, (text) => {
    if (summaryTimer !== null) clearTimeout(summaryTimer);
    summaryTimer = setTimeout(() => {
      summaryTimer = null;
      spokenSummary.value = text === '' ? '' : translator.value.format('search.summary.label', { summary: text });
    }, SUMMARY_PAUSE_MS);
  });
  onBeforeUnmount(() => {
    if (summaryTimer !== null) clearTimeout(summaryTimer);
  });

  return { query, filters, sort, tableFilter, isFiltered, filterColumns, directionOf, toggleSort, searchSummary, spokenSummary, onQueryInput, onFilterInput };
}
