/**
 * `GridView.gridOptions`: what the library's own `DataGrid` sets on AG Grid, for a grid a page
 * creates itself (`agGrid.createGrid(container, GridView.gridOptions({ columnDefs, rowData }))`):
 * the theme over the `--gv-*` tokens, AG Grid's own texts in the page's language, the overlay
 * scrollbar band kept clear of the last column, and cells formatted as the library formats them.
 * Pure and in the first script: it uses the page's AG Grid (`window.agGrid`) when called.
 *
 * @module
 */
import { DATA_GRID_THEME_PARAMS, overlayScrollbarWidth } from '../../components/data-grid/grid-look';
import { isNumericFormat } from '../core/columns';
import { formatValue } from '../core/format';
import { createTranslator } from '../core/i18n';
import { agGridLocaleText } from '../core/i18n/aggrid';
import type { FormatOptions, ValueFormat } from '../core/types';
import { pageLanguage } from './compute';

/** A column definition as `gridOptions` reads it: AG Grid's, with the library's format in `context.format`. */
export interface GridOptionsColumnDef {
  context?: { format?: string; menuGroup?: string } & Record<string, unknown>;
  valueFormatter?: unknown;
  type?: string | string[];
  [option: string]: unknown;
}

/** AG Grid options as `gridOptions` reads them. */
export interface GridOptionsInput {
  columnDefs?: readonly GridOptionsColumnDef[];
  localeText?: Record<string, string>;
  [option: string]: unknown;
}

/**
 * `options` with the library's look and texts added; what `options` sets itself wins (its own
 * `theme`, `valueFormatter`, `type`; its `localeText` entries over the library's). A column whose
 * `context.format` is `number`, `currency` or `percent` gets the library's cell text (the page's
 * locale and currency, from `window.GridViewI18n` unless `format` says otherwise), right-aligned.
 *
 * Edge cases: without `window.agGrid` (or a build without `themeQuartz`) no theme is set; an unknown
 * `context.format` is left alone; the overlay-scrollbar options are only set where scrollbars take
 * no room (phones, macOS, headless browsers).
 */
export function gridOptions<T extends GridOptionsInput>(options: T, format: FormatOptions = {}): T & Record<string, unknown> {
  const language = pageLanguage();
  const locale = format.locale ?? language.locale;
  const currency = format.currency ?? language.currency;
  const translator = createTranslator({ locale, overrides: language.messages });
  const quartz = (globalThis as { agGrid?: { themeQuartz?: { withParams(params: object): unknown } } }).agGrid?.themeQuartz;
  const band = overlayScrollbarWidth();
  const columnDefs = options.columnDefs?.map((def) => {
    const wanted = def.context?.format;
    if (typeof wanted !== 'string' || !isNumericFormat(wanted as ValueFormat)) return def;
    const kind = wanted as ValueFormat;
    return {
      type: 'rightAligned',
      valueFormatter: (params: { value: unknown }) => formatValue(params.value, kind, { locale, currency }),
      ...def,
    };
  });
  return {
    ...(quartz ? { theme: quartz.withParams(DATA_GRID_THEME_PARAMS) } : {}),
    ...(band === undefined ? {} : { scrollbarWidth: band, alwaysShowVerticalScroll: true }),
    ...options,
    localeText: { ...agGridLocaleText(translator), ...options.localeText },
    ...(columnDefs ? { columnDefs } : {}),
  };
}
