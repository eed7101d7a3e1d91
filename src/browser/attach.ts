/**
 * `attachDataGrid`: the library's parts around a data grid the page created itself
 * (`agGrid.createGrid(container, options)`; the library never creates it). The toolbar (search in
 * the library's language, record counter, clear filters, exports, reload), the gear with the column
 * chooser, presets and saved searches are the Vue layer's `DataGridToolbar`, driven through one
 * `controllerFromGridApi` over the page's grid. The column layout is kept with the reader's
 * preferences by itself (`useGridLayoutSync`), and KPI strips and `grid_filtered` charts marked in
 * the page follow the grid's rows (`bindGridKpis`, `bindGridFilteredCharts`).
 *
 * @module
 */
import { createApp, defineComponent, h } from 'vue';
import DataGridToolbar from '../../components/DataGridToolbar.vue';
import { controllerFromGridApi } from '../../components/data-grid/controller';
import type { DataGridController, ToolbarGridApi } from '../../components/data-grid/controller';
import { useGridLayoutSync } from '../../components/data-grid/useGridLayoutSync';
import { createDataGridAdapter } from '../core/adapters';
import type { DataGridAdapter, DataGridApiLike } from '../core/adapters';
import { HttpHost } from '../host/http-host';
import { GRID_VIEW_ROUTES } from '../host/route-table';
import { GridViewPlugin } from '../plugin';
import { pageLanguage } from './compute';
import { pagePinia } from './boot';
import { bindGridFilteredCharts, bindGridKpis } from './grid-bindings';
import { checkAttachPlace } from './checks';

/** Options of `attachDataGrid`. */
export interface AttachDataGridOptions {
  /** The grid's id: presets, searches and the layout are kept under it (the grid's `context.gridId`). */
  gridId: string;
  /**
   * Where the toolbar goes: `true` (default) in a new element right before `container`, an element
   * to render it in, or `false` for none (the layout is still kept).
   */
  toolbar?: boolean | Element;
  /** The gear and its column chooser dialog in the toolbar. @default true */
  modal?: boolean;
  /** The grid's element (what `agGrid.createGrid` was given); needed when `toolbar` is `true`. */
  container?: Element | null;
  /**
   * Where presets, searches and the layout are posted: route set B (`/api/grid-view/save/`), or the
   * preferences route. Default: `GridView.preferencesUrl`; empty keeps them on this device only.
   */
  saveUrl?: string;
  /** Where they are read from (GET); default the preferences route `/grid/preferences/` when `saveUrl` is route set B's, else `saveUrl`. */
  readUrl?: string;
  /** Headers of those requests (a CSRF token). */
  headers?: Record<string, string>;
  /** Where the KPI strips (`[data-cm-grid-kpi]`) and `grid_filtered` charts (`[data-cm-chart-spec]`) that follow the grid are; default the document. `null`: none. */
  figures?: ParentNode | null;
  /** The client XLSX export of what the grid shows (SheetJS from the page). @default true */
  exportXlsx?: boolean;
  /** Base URLs of server exports; the grid's sort, filters, search and columns are appended. */
  exportPdfUrl?: string | null;
  exportXlsxUrl?: string | null;
  exportCsvUrl?: string | null;
  /** Called by the toolbar's Reload button; no button without it. */
  reload?: (() => unknown) | null;
}

/** What `attachDataGrid` returns. */
export interface AttachedDataGrid {
  /** The grid's rows after filters and sort, for parts of the page's own. */
  readonly adapter: DataGridAdapter;
  /** Removes the toolbar and stops following the grid (a layout change still waiting is kept first); the grid stays. */
  detach(): void;
}

/** The preferences route to read from when the page posts to route set B (which only takes POST). */
function readUrlFor(saveUrl: string): string {
  const at = saveUrl.indexOf(GRID_VIEW_ROUTES.grid_view_save.path);
  return at === -1 ? saveUrl : `${saveUrl.slice(0, at)}${GRID_VIEW_ROUTES.grid_prefs_read.path}`;
}

/**
 * Adds the toolbar, gear, column chooser, presets, saved searches and live figures to a grid the page
 * created, and keeps its column layout with the reader's preferences. See `AttachDataGridOptions`.
 *
 * Edge cases: `toolbar: true` without `container` throws a `TypeError`; attaching the same grid id
 * twice gives two toolbars over one set of preferences (detach the first); a destroyed grid answers
 * empty state and the toolbar shows no rows.
 */
export function attachDataGrid(gridApi: ToolbarGridApi & DataGridApiLike, options: AttachDataGridOptions, preferencesUrl = ''): AttachedDataGrid {
  const where = options.toolbar ?? true;
  let host: Element;
  let created: Element | null = null;
  if (where instanceof Element) {
    host = where;
  } else {
    checkAttachPlace(where, options.container);
    created = document.createElement('div');
    created.className = 'gv-attached-toolbar';
    if (where && options.container) options.container.before(created);
    host = created;
  }
  const language = pageLanguage();
  const controller: DataGridController = controllerFromGridApi(gridApi, { gridId: options.gridId, locale: language.locale });
  const saveUrl = options.saveUrl ?? preferencesUrl;
  const prefsHost = saveUrl === '' ? null : new HttpHost({ preferencesUrl: saveUrl, preferencesReadUrl: options.readUrl ?? readUrlFor(saveUrl), headers: options.headers, search: () => location.search });

  const Attached = defineComponent({
    name: 'GvAttachedDataGrid',
    setup() {
      useGridLayoutSync(controller, options.gridId, { host: prefsHost });
      return () =>
        where === false
          ? null
          : h(DataGridToolbar, {
              grid: controller,
              gridId: options.gridId,
              chooser: options.modal ?? true,
              exportXlsx: options.exportXlsx ?? true,
              exportPdfUrl: options.exportPdfUrl ?? null,
              exportXlsxUrl: options.exportXlsxUrl ?? null,
              exportCsvUrl: options.exportCsvUrl ?? null,
              reload: options.reload ?? null,
            });
    },
  });
  const app = createApp(Attached);
  app.use(pagePinia);
  app.use(GridViewPlugin, { locale: language.locale, currency: language.currency, messages: language.messages, preferencesUrl: saveUrl });
  app.mount(host);

  const adapter = createDataGridAdapter(gridApi);
  const figures = options.figures === undefined ? document : options.figures;
  const stops = figures === null ? [] : [bindGridKpis({ root: figures, gridAdapter: adapter }), bindGridFilteredCharts(figures, adapter)];
  let detached = false;
  return {
    adapter,
    detach() {
      if (detached) return;
      detached = true;
      for (const stop of stops) stop();
      app.unmount();
      created?.remove();
    },
  };
}
