/**
 * `useSimpleTableExport` (internal to `SimpleTable`): XLSX and CSV exports of exactly the visible
 * rows, in order, and the PDF link carrying the current search and sort. What runs an export (the
 * matrix, CSV, the XLSX glue, the reasons of a failure) is `export-files.ts`, downloaded with the
 * first export; this part holds the busy state and what the reader sees and hears.
 *
 * @module
 */
import { computed, ref } from 'vue';
import type { ComputedRef } from 'vue';
import type { Column, Row } from '../../src/core/types';
import { buildPdfExportUrl } from '../../src/core/table-model/pdf-url';
import type { GroupedView } from '../../src/core/table-model/groups';
import { warn } from '../../src/core/warn';
import type { SimpleTableContext } from './context';
import type { UseTableViewReturn } from './useTableView';
import type { useSimpleTableSearch } from './useSimpleTableSearch';

/**
 * Exports of one table: `view` its rows (`finish()` completes a stepwise answer, `whenReady()` waits
 * for the code), `grouped` its sections (rows are written section by section), `search` its search
 * and sort, `shownColumns` the columns shown (the exportable ones are written, in the order shown).
 * Edge cases: a second press while an export runs does nothing; a failure is shown and spoken,
 * never thrown (the returned promise resolves); when the export code itself cannot be downloaded
 * the reader is told "The export failed" (`export_failed` warning).
 */
export function useSimpleTableExport<R extends Row>(
  { props, rows, searchMode, translator, announcement, format }: SimpleTableContext<R>,
  view: UseTableViewReturn,
  grouped: ComputedRef<GroupedView | null>,
  search: ReturnType<typeof useSimpleTableSearch<R>>,
  shownColumns: ComputedRef<readonly Column<R>[]>,
) {
  /** The PDF link (the spec's `exportPdfUrl` with the search and sort); null: no link. */
  const pdfHref = computed(() => {
    const mode = searchMode.value;
    return buildPdfExportUrl(props.config.exportPdfUrl, {
      query: mode === 'global' ? search.query.value : '',
      sort: search.sort.value,
      filters: mode === 'per_column' ? search.filters.value : {},
    });
  });
  /** True while an export runs: the buttons are disabled and busy. */
  const exporting = ref(false);
  /** Why the last export failed, shown below the buttons until the next export starts. */
  const exportError = ref('');
  /** Whether the CSV button is shown (`exportCsv`, else as `exportXlsx`). */
  const csvEnabled = computed(() => props.config.exportCsv ?? props.config.exportXlsx);

  /**
   * The rows the export writes: exactly the visible ones, in their current order (grouped: section
   * by section, collapsed sections included, since collapsing hides rows from view, not from the
   * data). Right after mount, while a table that needs its search and sort code waits for it, the
   * rows shown so far (see `ready`).
   */
  function visibleRows(): R[] {
    const data = rows.value;
    // All of them: a search answered in steps is completed first.
    const all = view.finish();
    const order = grouped.value?.order ?? all;
    return Array.from(order, (i) => data[i] as R);
  }

  /** Resolves once the table has the code its current search, sort and sections need. */
  const ready = (): Promise<void> => view.whenReady();

  /**
   * What both exports write: shown, exportable columns in the order shown; visible rows in order;
   * the table's locale and currency, so the XLSX shows numbers as the table does.
   */
  const current = () => ({
    rows: visibleRows(),
    shownColumns: shownColumns.value,
    exportColumns: props.config.exportColumns,
    gridId: props.config.gridId,
    fallbackName: translator.value.t('table.export.file_name'),
    format: format.value,
  });

  /** Runs one export with the shared busy state and announcements; `kind` names it in the warning. */
  async function runExport(kind: 'XLSX' | 'CSV'): Promise<void> {
    if (exporting.value) return;
    exporting.value = true;
    exportError.value = '';
    announcement.value = translator.value.t('table.export.in_progress');
    const failure = await import('./export-files').then(
      (files) => files.runTableExport(kind, ready, current, translator),
      (error: unknown) => {
        warn('export_failed', `the ${kind} export of a SimpleTable failed.`, error);
        return translator.value.t('table.export.failed');
      },
    );
    // Shown as well as spoken: a sighted reader who pressed the button must see why nothing came.
    exportError.value = failure ?? '';
    announcement.value = failure ?? translator.value.t('table.export.done');
    exporting.value = false;
  }

  return { pdfHref, csvEnabled, exporting, exportError, visibleRows, ready, exportXlsx: () => runExport('XLSX'), exportCsv: () => runExport('CSV') };
}
