/**
 * AG Grid's own texts (filter menus, overlays, loading rows, accessible names) in every language of
 * the registry (`./languages`), the `localeText` of every DataGrid. Apart from the main catalogs
 * because only a page that shows a data grid needs them: they load with the DataGrid's chunk, not
 * on every first paint. A host still rewords any of them through the usual message overrides,
 * under the key `aggrid.<key>` (`{ en: { 'aggrid.noRowsToShow': 'Nothing here' } }`).
 *
 * `${variable}` is AG Grid's placeholder, filled by AG Grid. Every language holds exactly the keys
 * of the English texts: the type says so, and a language of the registry without its texts here
 * does not compile.
 *
 * @module
 */
import type { Translator } from './translator';
import { languageOf } from './languages';
import type { LanguageCode } from './languages';

/** The English AG Grid texts: the reference for the key set. */
const EN = {
  applyFilter: 'Apply',
  clearFilter: 'Clear',
  resetFilter: 'Reset',
  cancelFilter: 'Cancel',
  textFilter: 'Text filter',
  numberFilter: 'Number filter',
  dateFilter: 'Date filter',
  filterOoo: 'Filter…',
  empty: 'Choose one',
  equals: 'Equals',
  notEqual: 'Does not equal',
  lessThan: 'Less than',
  greaterThan: 'Greater than',
  lessThanOrEqual: 'Less than or equal to',
  greaterThanOrEqual: 'Greater than or equal to',
  inRange: 'Between',
  inRangeStart: 'From',
  inRangeEnd: 'To',
  contains: 'Contains',
  notContains: 'Does not contain',
  startsWith: 'Begins with',
  endsWith: 'Ends with',
  blank: 'Blank',
  notBlank: 'Not blank',
  before: 'Before',
  after: 'After',
  andCondition: 'AND',
  orCondition: 'OR',
  dateFormatOoo: 'yyyy-mm-dd',
  minDateValidation: 'The date must be after ${variable}',
  maxDateValidation: 'The date must be before ${variable}',
  invalidDate: 'Invalid date',
  invalidNumber: 'Invalid number',
  loadingOoo: 'Loading…',
  loadingError: 'Error',
  noRowsToShow: 'No rows',
  noMatchingRows: 'No rows match the search and filters',
  ariaColumnFiltered: 'Column filtered',
  ariaDateFilterInput: 'Date filter input',
  ariaFilterColumn: 'Press Ctrl+Enter to open the filter',
  ariaFilterInput: 'Filter input',
  ariaFilterMenuOpen: 'Open the filter menu',
  ariaFilterValue: 'Filter value',
  ariaFilterFromValue: 'Filter from value',
  ariaFilterToValue: 'Filter to value',
  ariaFilteringOperator: 'Filtering operator',
  ariaLabelColumnFilter: 'Column filter',
  ariaLabelColumnMenu: 'Column menu',
  ariaLabelInputClear: 'Clear',
  ariaLabelSelectField: 'Select field',
  ariaMenuColumn: 'Press Alt+Down to open the column menu',
  ariaSortableColumn: 'Press Enter to sort',
  ariaSkeletonCellLoading: 'Row data is loading',
  ariaSkeletonCellLoadingFailed: 'The row failed to load',
  ariaRowIndex: 'Row ${variable}',
} as const satisfies Record<string, string>;

/** A key of AG Grid's `localeText` that the DataGrid's modules show. */
export type AgGridTextKey = keyof typeof EN;

/** One language's AG Grid texts: one text per key of the English ones. */
export type AgGridTexts = Readonly<Record<AgGridTextKey, string>>;

/** The AG Grid texts of each shipped language, by the registry's codes. */
export const AG_GRID_TEXTS: { readonly [Code in LanguageCode]: AgGridTexts } = {
  en: EN,
  uk: {
    applyFilter: 'Застосувати',
    clearFilter: 'Очистити',
    resetFilter: 'Скинути',
    cancelFilter: 'Скасувати',
    textFilter: 'Текстовий фільтр',
    numberFilter: 'Числовий фільтр',
    dateFilter: 'Фільтр дат',
    filterOoo: 'Фільтр…',
    empty: 'Виберіть умову',
    equals: 'Дорівнює',
    notEqual: 'Не дорівнює',
    lessThan: 'Менше ніж',
    greaterThan: 'Більше ніж',
    lessThanOrEqual: 'Менше або дорівнює',
    greaterThanOrEqual: 'Більше або дорівнює',
    inRange: 'Між',
    inRangeStart: 'Від',
    inRangeEnd: 'До',
    contains: 'Містить',
    notContains: 'Не містить',
    startsWith: 'Починається з',
    endsWith: 'Закінчується на',
    blank: 'Порожнє',
    notBlank: 'Не порожнє',
    before: 'Раніше',
    after: 'Пізніше',
    andCondition: 'І',
    orCondition: 'АБО',
    dateFormatOoo: 'рррр-мм-дд',
    minDateValidation: 'Дата має бути пізніше ${variable}',
    maxDateValidation: 'Дата має бути раніше ${variable}',
    invalidDate: 'Неправильна дата',
    invalidNumber: 'Неправильне число',
    loadingOoo: 'Завантаження…',
    loadingError: 'Помилка',
    noRowsToShow: 'Немає рядків',
    noMatchingRows: 'Жоден рядок не відповідає пошуку й фільтрам',
    ariaColumnFiltered: 'Стовпець відфільтровано',
    ariaDateFilterInput: 'Поле фільтра дат',
    ariaFilterColumn: 'Натисніть Ctrl+Enter, щоб відкрити фільтр',
    ariaFilterInput: 'Поле фільтра',
    ariaFilterMenuOpen: 'Відкрити меню фільтра',
    ariaFilterValue: 'Значення фільтра',
    ariaFilterFromValue: 'Значення фільтра «від»',
    ariaFilterToValue: 'Значення фільтра «до»',
    ariaFilteringOperator: 'Оператор фільтра',
    ariaLabelColumnFilter: 'Фільтр стовпця',
    ariaLabelColumnMenu: 'Меню стовпця',
    ariaLabelInputClear: 'Очистити',
    ariaLabelSelectField: 'Вибрати поле',
    ariaMenuColumn: 'Натисніть Alt+Down, щоб відкрити меню стовпця',
    ariaSortableColumn: 'Натисніть Enter, щоб сортувати',
    ariaSkeletonCellLoading: 'Дані рядка завантажуються',
    ariaSkeletonCellLoadingFailed: 'Не вдалося завантажити рядок',
    ariaRowIndex: 'Рядок ${variable}',
  },
};

/** Marks "no override" in `agGridLocaleText` (a text no catalog holds). */
const NOT_OVERRIDDEN = '\u0000';

/**
 * AG Grid's `localeText` for the translator's language: every key AG Grid shows with the DataGrid's
 * modules. A host's override of `aggrid.<key>` (plugin `messages`, or its `translate`) wins; else
 * the text of the translator's language in `texts` (`uk-UA` reads `uk`); else English. `texts`
 * defaults to the shipped languages (a test passes a scratch registry's).
 */
export function agGridLocaleText(translator: Translator, texts: Readonly<Record<string, AgGridTexts>> = AG_GRID_TEXTS): Record<string, string> {
  const language = languageOf(translator.locale);
  const own: Partial<AgGridTexts> = Object.prototype.hasOwnProperty.call(texts, language) ? (texts[language] ?? {}) : {};
  const out: Record<string, string> = {};
  for (const key of Object.keys(EN) as AgGridTextKey[]) {
    const override = translator.t(`aggrid.${key}`, NOT_OVERRIDDEN);
    out[key] = override !== NOT_OVERRIDDEN ? override : (own[key] ?? EN[key]);
  }
  return out;
}
