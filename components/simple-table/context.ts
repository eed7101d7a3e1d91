/**
 * What `SimpleTable` shares with its internal composables (components/simple-table/use*.ts): one
 * object made once per table, so each composable takes the table and the few values of its own
 * instead of a long options list (every option and returned name costs bytes in the first paint).
 * Types only: nothing of this module reaches a bundle.
 *
 * @module
 */
import type { ComputedRef, Ref } from 'vue';
import type { Column, FormatOptions, Row, SearchMode, SimpleTableConfig } from '../../src/core/types';
import type { MessageOverrides, Translator } from '../../src/core/i18n/translator';
import type { SortState } from '../../src/core/table-model/types';
import type { RowActionHandler } from '../../src/plugin-context';
import type { UseTableEngineReturn } from '../../composables/useTableEngine';
import type { SimpleTableRowClick, SimpleTableSearchChange } from './types';
import type { UseSimpleTableLayoutReturn } from './useSimpleTableLayout';

/** The props the composables read (the component's, reactive: read them inside computeds and watchers). */
export interface SimpleTableProps<R extends Row> {
  readonly config: SimpleTableConfig<R>;
  readonly locale?: string;
  readonly currency?: string;
  readonly actions?: Readonly<Record<string, RowActionHandler>>;
  readonly messages?: MessageOverrides;
  readonly query?: string;
  readonly presets: boolean;
}

/** `SimpleTable`'s events, as its `emit` sends them. */
export interface SimpleTableEmit<R extends Row> {
  (event: 'row-click', payload: SimpleTableRowClick<R>): void;
  (event: 'sort-change', sort: SortState | null): void;
  (event: 'search-change', change: SimpleTableSearchChange): void;
  (event: 'update:query', query: string): void;
}

/** One table as its composables see it. Rows and columns are raw arrays (never reactive proxies). */
export interface SimpleTableContext<R extends Row> {
  props: SimpleTableProps<R>;
  emit: SimpleTableEmit<R>;
  /** Every row, `toRaw(config.data)`. */
  rows: ComputedRef<readonly R[]>;
  /** Every column of the spec, shown or not. */
  columns: ComputedRef<readonly Column<R>[]>;
  searchMode: ComputedRef<SearchMode>;
  /** Whether only the rows on screen are drawn (more rows than `windowThreshold`). */
  windowed: ComputedRef<boolean>;
  translator: ComputedRef<Translator>;
  /** Locale and currency for numbers and dates. */
  format: ComputedRef<FormatOptions>;
  /** The polite live region of the table's own announcements: sort, sections, exports, presets. */
  announcement: Ref<string>;
  /** The owner of the column layout and the collapsed sections. */
  layout: UseSimpleTableLayoutReturn;
  /** The search, sort and grouping code, downloaded on demand. */
  engine: UseTableEngineReturn;
}
