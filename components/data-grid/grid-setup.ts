/**
 * How `DataGrid` configures AG Grid: the modules it registers per grid (never the all-modules
 * bundle, never an Enterprise module), the theme following the `--gv-*` tokens, AG Grid's own texts
 * from the library's catalogs, and the column definitions built from the spec's columns (formats,
 * alignment, filters by kind, link cells through the URL safety, header tooltips).
 *
 * @module
 */
import {
  CellStyleModule,
  ColumnApiModule,
  CustomFilterModule,
  DateFilterModule,
  EventApiModule,
  ExternalFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  NumberFilterModule,
  RowApiModule,
  ScrollApiModule,
  TooltipModule,
  ValidationModule,
  themeQuartz,
} from 'ag-grid-community';
import type { ColDef, ICellRendererComp, ICellRendererParams, Module, ValueFormatterParams } from 'ag-grid-community';
import type { Column, FormatOptions, Row } from '../../src/core/types';
import { formatValue, readCell } from '../../src/core/format';
import { fillUrlTemplate } from '../../src/core/url';
import { isNumericFormat, toDataGridColumnDefs } from '../../src/core/columns';
import { DEV } from '../../src/core/warn';
import type { Translator } from '../../src/core/i18n/translator';
import { agGridLocaleText } from '../../src/core/i18n/aggrid';
import { agGridFilterOptions } from '../../src/core/data-grid/filter-operators';
import { DATA_GRID_THEME_PARAMS } from './grid-look';

/**
 * The modules every DataGrid registers (per grid, through `AgGridVue`'s `modules`): the infinite row
 * model, the number and date filters, the custom filters (the values checklist and the
 * search-language text filter, which replaces AG Grid's text filter), the external-filter hook (so
 * AG Grid knows a quick search is active), the column, row, scroll and event APIs, header tooltips
 * and localised texts, cell classes (alignment and format). `ValidationModule` (AG Grid's helpful
 * errors, about 100 kB) in development only.
 */
export const DATA_GRID_MODULES: Module[] = [
  InfiniteRowModelModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  ExternalFilterModule,
  ColumnApiModule,
  CellStyleModule,
  RowApiModule,
  ScrollApiModule,
  EventApiModule,
  TooltipModule,
  LocaleModule,
  ...(DEV ? [ValidationModule] : []),
];

/** The Quartz theme with the library's parameters (`DATA_GRID_THEME_PARAMS`, `./grid-look`). */
export const DATA_GRID_THEME = themeQuartz.withParams(DATA_GRID_THEME_PARAMS);

export { overlayScrollbarWidth } from './grid-look';

// AG Grid's localeText for the translator's language, from the language registry (core, so the
// catalog tests check it in Node); re-exported because the DataGrid's modules take it from here.
export { agGridLocaleText };

/** How a column is filtered. */
export type FilterKind = 'text' | 'number' | 'date' | 'values' | 'none';

/** Rows looked at to decide whether a text column holds dates or a few repeated values. */
const SAMPLE_ROWS = 2000;
/** At most this many distinct values in the sample make a text column a values (checklist) column. */
const VALUES_MAX_DISTINCT = 60;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The filter of a column: none when it is not searchable; the number filter for numeric formats;
 * for text columns, the date filter when every non-empty value of a sample is an ISO date (or a
 * Date), the values checklist when the sample holds at most 60 distinct values each seen at least
 * twice on average, else the text filter. The sample is the first 2,000 rows, so the decision costs
 * nothing measurable at 100,000 rows.
 */
export function filterKindOf(column: Pick<Column, 'key' | 'format' | 'searchable'>, rows: readonly Row[]): FilterKind {
  if (!column.searchable) return 'none';
  if (isNumericFormat(column.format)) return 'number';
  const count = Math.min(rows.length, SAMPLE_ROWS);
  let filled = 0;
  let dates = 0;
  const distinct = new Set<string>();
  for (let i = 0; i < count; i++) {
    const value = readCell(rows[i], column.key);
    if (value === null || value === undefined || value === '') continue;
    filled++;
    if (value instanceof Date || (typeof value === 'string' && ISO_DAY.test(value))) dates++;
    if (distinct.size <= VALUES_MAX_DISTINCT) distinct.add(typeof value === 'string' ? value.trim() : String(value));
  }
  if (filled > 0 && dates === filled) return 'date';
  if (filled > 0 && distinct.size <= VALUES_MAX_DISTINCT && filled >= distinct.size * 2) return 'values';
  return 'text';
}

/** Rows, spread over the whole set, looked at to size a column to its content. */
const WIDTH_SAMPLE_ROWS = 400;
/** Width of one character of a cell at the theme's 14 px (digits and Cyrillic are the widest common ones). */
const CELL_CHAR_PX = 8.8;
/** A cell's horizontal padding and border. */
const CELL_PADDING_PX = 28;
/** Width of one character of a header label (semi-bold). */
const HEADER_CHAR_PX = 9.6;
/** A header's padding, sort icon, filter button and resize handle. */
const HEADER_EXTRA_PX = 72;
/** The most a column asks for from its content: a long free text is cut with an ellipsis rather than widen the grid past use. */
const MAX_CONTENT_PX = 360;

/**
 * The least width a column needs: its widest formatted value in a sample of rows spread over the
 * set, and its label's longest word (a header wraps between words, never inside one), by a
 * per-character estimate at the theme's font size; at most 360 px. The estimate needs no layout, so
 * it works before the grid exists and the same in every browser.
 */
export function contentWidth(column: Pick<Column, 'key' | 'label' | 'format'>, rows: readonly Row[], format: FormatOptions): number {
  let longest = 0;
  const step = Math.max(1, Math.floor(rows.length / WIDTH_SAMPLE_ROWS));
  for (let i = 0; i < rows.length; i += step) {
    const text = formatValue(readCell(rows[i], column.key), column.format, format);
    if (text.length > longest) longest = text.length;
  }
  const word = String(column.label)
    .split(/\s+/)
    .reduce((most, part) => Math.max(most, part.length), 0);
  return Math.min(MAX_CONTENT_PX, Math.ceil(Math.max(longest * CELL_CHAR_PX + CELL_PADDING_PX, word * HEADER_CHAR_PX + HEADER_EXTRA_PX)));
}

/** A cell class rule that always holds. */
const ALWAYS = (): boolean => true;
/** A cell class rule that holds while the cell's row has no data: its block has not answered yet. */
const AWAITED = (params: { data?: unknown }): boolean => params.data === undefined;

/** What the column definitions need from the grid. */
export interface ColumnDefContext {
  format: FormatOptions;
  translator: Translator;
  /** The values filter component and its parameters (the distinct values of a column). */
  valuesFilter: { component: unknown; params: (column: Column) => Record<string, unknown> };
  /** The text filter component (the search language for one cell) and its parameters. */
  textFilter: { component: unknown; params: (column: Column) => Record<string, unknown> };
  /** Groups of the chooser by column key (the spec's `menu_group`). */
  groups: ReadonlyMap<string, string>;
}

/**
 * AG Grid column definitions for the spec's columns: `toDataGridColumnDefs` (field, header, sort,
 * numeric type, cell class, pixel width) plus the value formatter (the library's `Intl`
 * formatters), the header tooltip, the filter by kind, link cells for `link_template` columns and
 * flexible widths (each column at least as wide as its content and its spec pixel width).
 */
export function buildColumnDefs(columns: readonly Column[], rows: readonly Row[], context: ColumnDefContext): ColDef[] {
  const base = toDataGridColumnDefs(columns);
  // The operator menus come from the operator registry (for the built-in one, AG Grid's own lists).
  const texts = agGridLocaleText(context.translator);
  const label = (key: string): string => texts[key] ?? key;
  const numberOptions = agGridFilterOptions('number', label);
  const dateOptions = agGridFilterOptions('date', label);
  return columns.map((column, index) => {
    const def = base[index]!;
    const format = column.format;
    const kind = filterKindOf(column, rows);
    const out: ColDef = {
      field: def.field,
      colId: def.colId,
      headerName: def.headerName,
      headerTooltip: def.headerName,
      sortable: def.sortable,
      resizable: true,
      // AG Grid's own right-aligned classes (its `rightAligned` type needs a module we do not load).
      // Given as a rule that always holds rather than `cellClass`: AG Grid takes a cell's
      // `cellClass` off and puts it back on every refresh of its value (a quick search refreshes
      // every cell on screen), while a rule's class that stays on is left alone.
      // A cell whose row has not arrived yet (a server block under way) is drawn as a placeholder bar.
      cellClassRules: { [column.align === 'right' ? `${def.cellClass} ag-right-aligned-cell` : def.cellClass]: ALWAYS, 'gv-cell--placeholder': AWAITED },
      headerClass: column.align === 'right' ? `gv-grid__header gv-align-right ag-right-aligned-header` : `gv-grid__header gv-align-${column.align}`,
      context: { ...def.context, menuGroup: context.groups.get(column.key) ?? null, filterKind: kind },
      valueFormatter: (params: ValueFormatterParams) => formatValue(params.value, format, context.format),
      // Columns share the grid's width; none gets less than its content needs (sampled) or the
      // spec's pixel width, so numbers and names are not cut; a grid too narrow for all of them
      // scrolls sideways.
      flex: 1,
      minWidth: Math.max(def.width ?? 0, contentWidth(column, rows, context.format)),
    };
    if (column.linkTemplate) {
      out.cellRenderer = LinkCellRenderer;
      out.cellRendererParams = { linkTemplate: column.linkTemplate };
    }
    switch (kind) {
      case 'none':
        out.filter = false;
        break;
      case 'number':
        out.filter = 'agNumberColumnFilter';
        out.filterParams = { debounceMs: 250, maxNumConditions: 2, filterOptions: numberOptions };
        break;
      case 'date':
        out.filter = 'agDateColumnFilter';
        out.filterParams = { debounceMs: 250, maxNumConditions: 2, filterOptions: dateOptions };
        break;
      case 'values':
        out.filter = { component: context.valuesFilter.component };
        out.filterParams = context.valuesFilter.params(column);
        break;
      case 'text':
        // The search language for one cell, with its help and summary (AG Grid's text filter has
        // no room for either); the model stays AG Grid's text `contains`.
        out.filter = { component: context.textFilter.component };
        out.filterParams = context.textFilter.params(column);
        break;
    }
    return out;
  });
}

/**
 * The cell renderer of `link_template` columns. It builds DOM nodes: the text goes into a text node
 * and the href comes only from `fillUrlTemplate` (http(s) or relative, placeholders URL-encoded); a
 * row whose link would be unsafe shows plain text. Row values never reach markup.
 */
export class LinkCellRenderer implements ICellRendererComp {
  private gui: HTMLElement | null = null;

  init(params: ICellRendererParams): void {
    this.gui = document.createElement('span');
    this.render(params);
  }

  getGui(): HTMLElement {
    return this.gui as HTMLElement;
  }

  refresh(params: ICellRendererParams): boolean {
    this.render(params);
    return true;
  }

  private render(params: ICellRendererParams): void {
    const gui = this.gui;
    if (!gui) return;
    const text = typeof params.valueFormatted === 'string' ? params.valueFormatted : formatValue(params.value, 'text');
    const template = (params as ICellRendererParams & { linkTemplate?: unknown }).linkTemplate;
    const data = params.data as Row | undefined;
    const href = typeof template === 'string' && data ? fillUrlTemplate(template, data) : null;
    if (href === null) {
      gui.replaceChildren(document.createTextNode(text));
      return;
    }
    const anchor = document.createElement('a');
    anchor.className = 'gv-grid__link';
    anchor.href = href;
    anchor.textContent = text;
    gui.replaceChildren(anchor);
  }
}
