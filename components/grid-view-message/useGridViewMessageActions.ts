/**
 * `useGridViewMessageActions` (internal to `GridViewMessage`): "Copy" (the rows as tab-separated
 * text on the clipboard) and the XLSX export of a message, with what the reader sees and hears of
 * them. Both write the same rows and columns: the rows the message's table shows, searched and
 * sorted as the reader left them (read from the table through `visibleRows`, as its own export
 * does), or every row in the artifact's order when the layout has no table; the columns the table
 * shows by default that exports may hold (the spec's `hidden`, `exportable` and `export_columns`).
 * The XLSX file is written by the table's export code (`simple-table/export-files.ts` and the
 * shared `xlsx-export.ts`), downloaded on the first export.
 *
 * @module
 */
import { nextTick, ref, shallowRef } from 'vue';
import type { ComputedRef, Ref } from 'vue';
import type { Column, FormatOptions, GridArtifact, Row } from '../../src/core/types';
import type { Translator } from '../../src/core/i18n/translator';
import { exportedColumns } from '../../src/core/table-model/export';
import { warn } from '../../src/core/warn';
import { tsvText } from './tsv';

/** What the message reads of its table (`SimpleTable`'s exposed functions). */
export interface MessageTableHandle {
  visibleRows(): readonly Row[];
  ready(): Promise<void>;
}

/** True for a SimpleTable's exposed instance (what a template ref to it receives). */
export function isTableHandle(value: unknown): value is MessageTableHandle {
  return typeof value === 'object' && value !== null && typeof (value as Partial<MessageTableHandle>).visibleRows === 'function' && typeof (value as Partial<MessageTableHandle>).ready === 'function';
}

/** What the actions work on. */
export interface GridViewMessageActionsContext {
  /** The artifact the message draws (its columns and rows), null while the message is invalid. */
  shown: ComputedRef<GridArtifact | null>;
  /** The message's own grid id: the name of the XLSX file. */
  fileName: ComputedRef<string>;
  format: ComputedRef<FormatOptions>;
  /** The plugin's translator (the table's export texts). */
  translator: ComputedRef<Translator>;
  /** The message texts' translator. */
  words: ComputedRef<Translator>;
}

/** What `useGridViewMessageActions` returns. */
export interface UseGridViewMessageActionsReturn {
  /** The message's table while it is mounted (set through its ref), else null. */
  table: Ref<MessageTableHandle | null>;
  /** The sentence of the last action, shown and spoken (a polite live region); '' before any. */
  status: Ref<string>;
  /** True while an action runs; a second press does nothing meanwhile. */
  busy: Ref<boolean>;
  copy(): Promise<void>;
  exportXlsx(): Promise<void>;
}

/**
 * The message's actions. Edge cases: a failure is shown and spoken, never thrown (the promises
 * resolve): without `navigator.clipboard` (a page that is not a secure context, an old browser) or
 * when the browser refuses it, Copy says it could not copy (an `export_failed` warning carries the
 * error); the XLSX export says why it failed as the table's does (a missing `xlsx` package named).
 * The same sentence twice in a row is announced twice (the region is emptied first).
 */
export function useGridViewMessageActions(context: GridViewMessageActionsContext): UseGridViewMessageActionsReturn {
  const table = shallowRef<MessageTableHandle | null>(null);
  const status = ref('');
  const busy = ref(false);

  async function say(text: string): Promise<void> {
    status.value = '';
    await nextTick();
    status.value = text;
  }

  /** Resolves once the table can tell its visible rows (its search and sort code has arrived). */
  const ready = (): Promise<void> => table.value?.ready() ?? Promise.resolve();

  function rows(): readonly Row[] {
    return table.value?.visibleRows() ?? context.shown.value?.rows ?? [];
  }

  function columns(): Column[] {
    const shown = context.shown.value;
    if (!shown) return [];
    return exportedColumns(
      shown.columns.filter((column) => column.hidden !== true),
      shown.tableConfig.exportColumns,
    );
  }

  async function run(action: () => Promise<string>): Promise<void> {
    if (busy.value || context.shown.value === null) return;
    busy.value = true;
    try {
      await say(await action());
    } finally {
      busy.value = false;
    }
  }

  const copy = (): Promise<void> =>
    run(async () => {
      try {
        await ready();
        const written = rows();
        const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
        if (typeof clipboard?.writeText !== 'function') throw new Error('navigator.clipboard.writeText is not available (the page is not a secure context, or the browser has no clipboard API).');
        await clipboard.writeText(tsvText(written, columns(), context.format.value));
        return context.words.value.plural('message.copied', written.length);
      } catch (error) {
        warn('export_failed', "copying a GridViewMessage's rows to the clipboard failed.", error);
        return context.words.value.t('message.copy_failed');
      }
    });

  const exportXlsx = (): Promise<void> =>
    run(async () => {
      void say(context.translator.value.t('table.export.in_progress'));
      const current = () => ({
        rows: rows(),
        shownColumns: columns(),
        gridId: context.fileName.value,
        fallbackName: context.translator.value.t('table.export.file_name'),
        format: context.format.value,
      });
      const failure = await import('../simple-table/export-files').then(
        (files) => files.runTableExport('XLSX', ready, current, context.translator),
        (error: unknown) => {
          warn('export_failed', 'the XLSX export of a GridViewMessage failed.', error);
          return context.translator.value.t('table.export.failed');
        },
      );
      return failure ?? context.translator.value.t('table.export.done');
    });

  return { table, status, busy, copy, exportXlsx };
}
