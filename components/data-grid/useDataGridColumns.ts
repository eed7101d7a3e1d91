/**
 * `useDataGridColumns`: a `DataGrid`'s columns as AG Grid and the column chooser see them. The
 * column definitions (formats, filters by kind, link cells, default visibility), the chooser's
 * column list and groups, AG Grid's texts, and the grid options that depend on them. On a remote
 * source without rows it first asks for one block, so each column's filter kind is decided from
 * real values before the grid is created. Internal to `DataGrid` (not exported by the package).
 *
 * @module
 */
import { computed, markRaw, ref, shallowRef, watch } from 'vue';
import type { ComputedRef, Ref } from 'vue';
import type { ColDef } from 'ag-grid-community';
import type { Column, GridArtifact, Row } from '../../src/core/types';
import type { RowSource, RowSourceValuesRequest } from '../../src/core/data-grid/types';
import type { Translator } from '../../src/core/i18n/translator';
import { warn } from '../../src/core/warn';
import { agGridLocaleText, buildColumnDefs } from './grid-setup';
import type { DataGridColumnInfo } from './controller';
import { isAbort } from './useDataGridRowSource';
import ValuesFilter from './ValuesFilter.vue';
import TextFilter from './TextFilter.vue';

/** Options of `useDataGridColumns`. */
export interface UseDataGridColumnsOptions {
  /** The artifact the grid shows (null when its input is invalid). */
  built: ComputedRef<GridArtifact | null>;
  columns: ComputedRef<readonly Column[]>;
  /** The rows in memory (empty on a remote source). */
  rows: ComputedRef<readonly Row[]>;
  /** The host's row source, or null. */
  rowSource: () => RowSource | null;
  /** The source the values filters ask for distinct values. */
  source: ComputedRef<RowSource>;
  /** The filters and search the values filters narrow their values by (the grid's current query). */
  valuesQuery: () => Pick<RowSourceValuesRequest, 'filterModel' | 'quickFilter'>;
  /** The grid's id (a new grid per id and language). */
  gridId: ComputedRef<string>;
  format: ComputedRef<{ locale: string; currency: string }>;
  translator: ComputedRef<Translator>;
  /** Column key → chooser group, for columns whose spec gives no `menu_group` (the spec wins). */
  menuGroups: () => Readonly<Record<string, string>> | null;
}

/** What `useDataGridColumns` returns. */
export interface UseDataGridColumnsReturn {
  /** False while a remote source's sample is being asked for; the grid is created once it is true. */
  sampled: Readonly<Ref<boolean>>;
  /** The columns as the chooser lists them. */
  columnInfo: ComputedRef<DataGridColumnInfo[]>;
  columnDefs: ComputedRef<ColDef[]>;
  /** Options of every column (a stable object: AgGridVue re-applies an option whose prop changes identity). */
  defaultColDef: ColDef;
  localeText: ComputedRef<Record<string, string>>;
  /** Blocks AG Grid keeps in its cache. */
  blocksInCache: ComputedRef<number>;
  gridContext: ComputedRef<{ gridId: string }>;
  /** A new grid per language: AG Grid reads its texts once, when it is created. */
  gridKey: ComputedRef<string>;
}

/** Rows of a remote source's filter-kind sample (one block of AG Grid's). */
const SAMPLE_BLOCK = 100;

/** Most distinct values a values filter lists at once. */
const VALUES_LIMIT = 500;

/**
 * The columns of a `DataGrid`; see the module comment.
 *
 * Edge cases: a sample that fails leaves text filters (reported through `warn`, an abort silently);
 * a sample answered after the source changed again is dropped; a column hidden by the spec starts
 * hidden (the chooser's "Standard"); without `getValues` a values filter lists nothing.
 */
export function useDataGridColumns(options: UseDataGridColumnsOptions): UseDataGridColumnsReturn {
  const { built, columns, rows, format, translator } = options;

  /**
   * Rows a column's filter kind is decided from (date filter, values checklist or text filter): the
   * rows in memory; on a remote source without rows, the first block of the unfiltered, unsorted set,
   * asked once before the grid is created, so the filters (and a restored filter model) never change
   * kind under the reader. A failed sample leaves text filters.
   */
  const remoteSample = shallowRef<readonly Row[]>([]);
  const sampled = ref(true);
  let sampleRun = 0;
  watch(
    options.rowSource,
    (remote) => {
      const run = ++sampleRun;
      remoteSample.value = [];
      if (!remote || rows.value.length > 0) {
        sampled.value = true;
        return;
      }
      sampled.value = false;
      remote
        .getRows({ startRow: 0, endRow: SAMPLE_BLOCK, sortModel: [], filterModel: {}, quickFilter: '' })
        .then(
          (result) => {
            if (run === sampleRun) remoteSample.value = markRaw([...result.rows]);
          },
          (error: unknown) => {
            if (!isAbort(error)) warn('row_source_failed', 'the DataGrid row source failed to answer the sample its filters are chosen from; text filters are used.', error);
          },
        )
        .finally(() => {
          if (run === sampleRun) sampled.value = true;
        });
    },
    { immediate: true },
  );

  const groups = computed(() => {
    const map = new Map<string, string>();
    const given = options.menuGroups();
    for (const column of built.value?.spec.columns ?? []) {
      const group = column.menuGroup ?? given?.[column.key];
      if (typeof group === 'string' && group.trim() !== '') map.set(column.key, group);
    }
    return map;
  });

  const columnInfo = computed<DataGridColumnInfo[]>(() =>
    (built.value?.spec.columns ?? []).map((column) => ({
      key: column.key,
      label: column.label,
      group: groups.value.get(column.key) ?? null,
      visibleByDefault: column.hidden !== true,
      format: column.format,
      exportable: column.exportable !== false,
      searchable: column.searchable,
    })),
  );

  const columnDefs = computed<ColDef[]>(() =>
    buildColumnDefs(columns.value, rows.value.length > 0 ? rows.value : remoteSample.value, {
      format: format.value,
      translator: translator.value,
      groups: groups.value,
      valuesFilter: {
        component: ValuesFilter,
        params: (column) => ({
          locale: format.value.locale,
          columnLabel: column.label,
          loadValues: (search: string) => {
            const source = options.source.value;
            const getValues = source.getValues;
            if (!getValues) return Promise.resolve({ values: [], empty: 0, truncated: false });
            const { filterModel, quickFilter } = options.valuesQuery();
            return getValues.call(source, { colId: column.key, filterModel, quickFilter, search, limit: VALUES_LIMIT });
          },
        }),
      },
      textFilter: {
        component: TextFilter,
        params: (column) => ({ locale: format.value.locale, columnLabel: column.label, debounceMs: 250 }),
      },
    }).map((def) => {
      // Spec columns hidden by default start hidden (the chooser's "Standard").
      const info = columnInfo.value.find((c) => c.key === def.colId);
      return info && !info.visibleByDefault ? { ...def, hide: true } : def;
    }),
  );

  return {
    sampled,
    columnInfo,
    columnDefs,
    // One object per grid, kept: AgGridVue re-applies any option whose prop changes identity.
    defaultColDef: { sortable: true, resizable: true, wrapHeaderText: true, autoHeaderHeight: true },
    localeText: computed(() => agGridLocaleText(translator.value)),
    /**
     * A remote source's blocks cost a request each, so many are kept; over rows in memory a block is
     * a slice of the cached view, and a new quick search reloads every kept block in place, so few.
     */
    blocksInCache: computed(() => (options.rowSource() ? 50 : 10)),
    gridContext: computed(() => ({ gridId: options.gridId.value })),
    gridKey: computed(() => `${format.value.locale}\u0000${options.gridId.value}`),
  };
}
