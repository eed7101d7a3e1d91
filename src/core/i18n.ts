/**
 * Message catalogs (`en`, `uk`) and the translator every component uses. Every string a user can
 * see or hear (labels, announcements, empty states, error panels) comes from here, so a host can
 * translate or reword any of it through `overrides` without touching a component.
 *
 * Key names are dotted, grouped by the part of the UI that shows them:
 *
 * | Prefix | Used by |
 * |---|---|
 * | `common.*` | generic words (close, cancel, loading...) |
 * | `view.*` | `GridView` landmarks and region labels |
 * | `kpi.*` | `KpiStrip`: tone words, "no data", aggregate names, sample size |
 * | `chart.*` | `ChartBlock`: caption, empty state, data-table caption, sampling note |
 * | `spec_issues.*` | the invalid-spec panel (`SpecIssues`) |
 * | `spec_error.<code>` | one short explanation per `SpecErrorCode` |
 * | `table.*` | `SimpleTable`: sort buttons and announcements, search, filters, row counts, exports |
 * | `grid.*` | data-grid toolbar, gear and column modal |
 * | `prefs.*` | saved column presets and searches (preferences store and its UI) |
 * | `page_state.*` | browser-local page state |
 * | `lazy.*` | lazily loaded blocks |
 *
 * Placeholders are written `{name}` and filled by `Translator.format` / `Translator.plural`; the
 * filled text is always plain text (components render it as text, never as markup).
 *
 * Plural keys end in a CLDR plural category: `.one`, `.few`, `.many`, `.other` (Ukrainian uses all
 * four; English uses `.one` and `.other`, and its `.few`/`.many` entries repeat `.other` so both
 * catalogs hold exactly the same keys). Plural bases: `kpi.sample`, `chart.more`, `spec_issues.count`, `table.rows`,
 * `table.rows_filtered`, `prefs.preset.too_many`, `prefs.search.too_many`, `prefs.save.retrying`.
 *
 * @module
 */
import { getNumberFormat } from './format';

/** The English catalog: the reference for the key set. */
const en = {
  // --- common -------------------------------------------------------------------------------
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.rename': 'Rename',
  'common.apply': 'Apply',
  'common.reset': 'Reset',
  'common.retry': 'Try again',
  'common.loading': 'Loading…',
  'common.error': 'Something went wrong',
  'common.no_data': 'No data',
  'common.opens_in_new_tab': 'opens in a new tab',

  // --- view (GridView) ------------------------------------------------------------------------
  'view.label': 'Data view',
  'view.kpis_label': 'Key figures',
  'view.charts_label': 'Charts',
  'view.table_label': 'Table',
  'view.untitled': 'Untitled view',

  // --- KPI strip ------------------------------------------------------------------------------
  'kpi.strip_label': 'Key figures',
  'kpi.no_value': 'no data',
  'kpi.tone.neutral': 'Neutral',
  'kpi.tone.good': 'Good',
  'kpi.tone.bad': 'Bad',
  'kpi.tone.warning': 'Warning',
  'kpi.tone.info': 'Info',
  'kpi.aggregate.count': 'Count',
  'kpi.aggregate.count_distinct': 'Distinct count',
  'kpi.aggregate.sum': 'Sum',
  'kpi.aggregate.avg': 'Average',
  'kpi.aggregate.min': 'Minimum',
  'kpi.aggregate.max': 'Maximum',
  'kpi.aggregate.median': 'Median',
  'kpi.sample.one': 'from {count} value',
  'kpi.sample.few': 'from {count} values',
  'kpi.sample.many': 'from {count} values',
  'kpi.sample.other': 'from {count} values',

  // --- charts ---------------------------------------------------------------------------------
  'chart.label': 'Chart',
  // Visible caption above a chart: {series} is the list of series labels, {category} the x column's label.
  'chart.caption': '{series} by {category}',
  'chart.empty': 'No data to chart',
  'chart.data_table': 'Chart data',
  'chart.category': 'Category',
  'chart.sampled': 'The line shows a sample of the points; the table below holds every value.',
  'chart.loading': 'Drawing the chart…',
  'chart.more.one': '{count} more category is not listed',
  'chart.more.few': '{count} more categories are not listed',
  'chart.more.many': '{count} more categories are not listed',
  'chart.more.other': '{count} more categories are not listed',
  'chart.type.bar': 'Bar chart',
  'chart.type.horizontal_bar': 'Horizontal bar chart',
  'chart.type.stacked_bar': 'Stacked bar chart',
  'chart.type.line': 'Line chart',
  'chart.type.area': 'Area chart',
  'chart.type.pie': 'Pie chart',
  'chart.type.donut': 'Donut chart',

  // --- invalid spec panel --------------------------------------------------------------------
  'spec_issues.title': 'This view cannot be shown',
  'spec_issues.intro': 'Its description has problems. Fix them and load the view again.',
  'spec_issues.count.one': '{count} problem',
  'spec_issues.count.few': '{count} problems',
  'spec_issues.count.many': '{count} problems',
  'spec_issues.count.other': '{count} problems',
  'spec_issues.code': 'Code',
  'spec_issues.path': 'Where',
  'spec_issues.message': 'Problem',
  'spec_issues.root': '(the whole spec)',
  'spec_issues.help': 'Each code is explained in the documentation of the spec errors.',

  // --- spec error codes (short explanations, shown next to the parser's message) ----------------
  'spec_error.not_object': 'The spec must be a JSON object.',
  'spec_error.required': 'A required field is missing.',
  'spec_error.invalid_type': 'A field has the wrong type.',
  'spec_error.unknown_field': 'The spec has a field the contract does not know.',
  'spec_error.invalid_pattern': 'A value does not match its required pattern.',
  'spec_error.invalid_enum': 'A value is not one of the allowed choices.',
  'spec_error.too_short': 'A text is too short.',
  'spec_error.too_long': 'A text is too long.',
  'spec_error.too_few_items': 'A list has too few items.',
  'spec_error.too_many_items': 'A list has too many items.',
  'spec_error.out_of_range': 'A number is out of range.',
  'spec_error.duplicate_id': 'Two charts share an id.',
  'spec_error.duplicate_key': 'Two columns share a key.',
  'spec_error.invalid_width': 'A width is not a valid CSS length.',
  'spec_error.invalid_placeholder': 'A link template has a broken placeholder.',
  'spec_error.unsafe_url': 'A link is neither http(s) nor relative.',
  'spec_error.forbidden_rows': 'A spec must not carry rows.',
  'spec_error.forbidden_kpi_value': 'A KPI must not carry a value; values come from rows.',
  'spec_error.forbidden_option': 'A spec must not carry a raw chart or grid option.',
  'spec_error.forbidden_sql': 'A spec must not carry SQL.',
  'spec_error.missing_column_key': 'A KPI that is not a count does not say which column to aggregate.',
  'spec_error.too_many_issues': 'The spec has more problems than are listed.',
  'spec_error.validation_failed': 'The spec could not be checked.',

  // --- simple table ---------------------------------------------------------------------------
  'table.label': 'Data table',
  'table.sort.button': 'Sort by {column}',
  'table.sort.ascending': 'sorted ascending',
  'table.sort.descending': 'sorted descending',
  'table.sort.none': 'not sorted',
  'table.sort.announce_ascending': 'Sorted by {column}, ascending',
  'table.sort.announce_descending': 'Sorted by {column}, descending',
  'table.sort.announce_none': 'Sort removed; rows are in their original order',
  'table.search.label': 'Search the table',
  'table.search.placeholder': 'Search…',
  'table.search.clear': 'Clear the search',
  'table.filter.label': 'Filter {column}',
  'table.filter.placeholder': 'Filter…',
  'table.filter.clear': 'Clear the filter of {column}',
  'table.rows.one': '{count} row',
  'table.rows.few': '{count} rows',
  'table.rows.many': '{count} rows',
  'table.rows.other': '{count} rows',
  // Plural category follows {total}: "1 of 100 rows".
  'table.rows_filtered.one': '{count} of {total} row',
  'table.rows_filtered.few': '{count} of {total} rows',
  'table.rows_filtered.many': '{count} of {total} rows',
  'table.rows_filtered.other': '{count} of {total} rows',
  'table.no_rows': 'No rows',
  'table.no_matches': 'No rows match the search',
  'table.export.xlsx': 'Export XLSX',
  'table.export.pdf': 'Export PDF',
  'table.export.in_progress': 'Preparing the file…',
  'table.export.done': 'The file is ready',
  'table.export.failed': 'The export failed',
  'table.export.file_name': 'table',
  'table.open_row': 'Open row',
  'table.footer': 'Totals',
  'table.loading': 'Loading rows…',
  'table.page_state.restored': 'The table is shown as you left it',
  'table.page_state.reset': 'Reset the table view',

  // --- data grid toolbar, gear and modal -----------------------------------------------------
  'grid.toolbar.label': 'Grid tools',
  'grid.search.label': 'Search the grid',
  'grid.search.placeholder': 'Search…',
  'grid.gear.label': 'Columns and saved searches',
  'grid.modal.title': 'Columns and searches',
  'grid.columns.title': 'Columns',
  'grid.columns.show': 'Show {column}',
  'grid.columns.hide': 'Hide {column}',
  'grid.columns.pin_left': 'Pin to the left',
  'grid.columns.pin_right': 'Pin to the right',
  'grid.columns.unpin': 'Unpin',
  'grid.columns.move_up': 'Move {column} up',
  'grid.columns.move_down': 'Move {column} down',
  'grid.columns.reset': 'Reset columns',
  'grid.no_rows': 'No rows',
  'grid.loading': 'Loading rows…',

  // --- preferences (named presets, saved searches) -------------------------------------------
  'prefs.preset.label': 'Column preset',
  'prefs.preset.default': 'Default',
  'prefs.preset.save': 'Save preset',
  'prefs.preset.save_as': 'Save as a new preset',
  'prefs.preset.name': 'Preset name',
  'prefs.preset.rename': 'Rename preset',
  'prefs.preset.delete': 'Delete preset',
  'prefs.preset.apply': 'Apply preset',
  'prefs.preset.saved': 'Preset "{name}" saved',
  'prefs.preset.deleted': 'Preset "{name}" deleted',
  'prefs.preset.name_taken': 'A preset named "{name}" already exists',
  'prefs.preset.name_empty': 'Give the preset a name',
  'prefs.preset.name_too_long': 'A preset name can have at most {max} characters',
  'prefs.preset.not_found': 'There is no preset named "{name}"',
  'prefs.preset.too_many.one': 'You can keep at most {count} preset',
  'prefs.preset.too_many.few': 'You can keep at most {count} presets',
  'prefs.preset.too_many.many': 'You can keep at most {count} presets',
  'prefs.preset.too_many.other': 'You can keep at most {count} presets',
  'prefs.search.saved_label': 'Saved searches',
  'prefs.search.save': 'Save search',
  'prefs.search.apply': 'Search for "{search}"',
  'prefs.search.remove': 'Remove saved search "{search}"',
  'prefs.search.duplicate': 'This search is already saved',
  'prefs.search.empty': 'Type a search before saving it',
  'prefs.search.too_long': 'A saved search can have at most {max} characters',
  'prefs.search.too_many.one': 'You can keep at most {count} saved search',
  'prefs.search.too_many.few': 'You can keep at most {count} saved searches',
  'prefs.search.too_many.many': 'You can keep at most {count} saved searches',
  'prefs.search.too_many.other': 'You can keep at most {count} saved searches',
  'prefs.search.none': 'No saved searches yet',
  'prefs.search.not_found': 'This search is not saved',
  'prefs.save.pending': 'Saving…',
  'prefs.save.saved': 'Saved',
  'prefs.save.failed': 'Could not save. Your changes are kept on this device and will be sent again.',
  'prefs.save.retrying.one': 'Trying again in {count} second',
  'prefs.save.retrying.few': 'Trying again in {count} seconds',
  'prefs.save.retrying.many': 'Trying again in {count} seconds',
  'prefs.save.retrying.other': 'Trying again in {count} seconds',
  'prefs.save.local_only': 'You are not signed in: preferences are kept on this device only.',
  'prefs.save.disabled': 'Saving preferences to the server is turned off; they stay on this device.',
  'prefs.save.unsaved': 'Not saved yet',
  'prefs.load.failed': 'Could not load your saved preferences.',

  // --- page state -----------------------------------------------------------------------------
  'page_state.storage_unavailable': 'Browser storage is unavailable; settings last until the page is closed.',
  'page_state.dropped': 'Saved view settings were outdated and have been reset.',
  'page_state.reset': 'Reset view settings',
  'page_state.collapse': 'Collapse {block}',
  'page_state.expand': 'Expand {block}',

  // --- lazy blocks ----------------------------------------------------------------------------
  'lazy.loading': 'Loading…',
  'lazy.failed': 'This part could not be loaded.',
  'lazy.retry': 'Load again',
} as const satisfies Record<string, string>;

/** Every message key. Both catalogs hold exactly these keys (a test enforces it). */
export type MessageKey = keyof typeof en;

/** A complete catalog: one text per key. */
export type MessageCatalog = Readonly<Record<MessageKey, string>>;

/** The Ukrainian catalog. */
const uk: MessageCatalog = {
  'common.close': 'Закрити',
  'common.cancel': 'Скасувати',
  'common.save': 'Зберегти',
  'common.delete': 'Видалити',
  'common.rename': 'Перейменувати',
  'common.apply': 'Застосувати',
  'common.reset': 'Скинути',
  'common.retry': 'Спробувати ще раз',
  'common.loading': 'Завантаження…',
  'common.error': 'Щось пішло не так',
  'common.no_data': 'Немає даних',
  'common.opens_in_new_tab': 'відкривається в новій вкладці',

  'view.label': 'Подання даних',
  'view.kpis_label': 'Ключові показники',
  'view.charts_label': 'Діаграми',
  'view.table_label': 'Таблиця',
  'view.untitled': 'Подання без назви',

  'kpi.strip_label': 'Ключові показники',
  'kpi.no_value': 'немає даних',
  'kpi.tone.neutral': 'Нейтрально',
  'kpi.tone.good': 'Добре',
  'kpi.tone.bad': 'Погано',
  'kpi.tone.warning': 'Увага',
  'kpi.tone.info': 'Довідка',
  'kpi.aggregate.count': 'Кількість',
  'kpi.aggregate.count_distinct': 'Кількість унікальних',
  'kpi.aggregate.sum': 'Сума',
  'kpi.aggregate.avg': 'Середнє',
  'kpi.aggregate.min': 'Мінімум',
  'kpi.aggregate.max': 'Максимум',
  'kpi.aggregate.median': 'Медіана',
  'kpi.sample.one': 'з {count} значення',
  'kpi.sample.few': 'з {count} значень',
  'kpi.sample.many': 'з {count} значень',
  'kpi.sample.other': 'з {count} значення',

  'chart.label': 'Діаграма',
  // «у розрізі» keeps the column label in the nominative, so any label reads correctly.
  'chart.caption': '{series} у розрізі «{category}»',
  'chart.empty': 'Немає даних для діаграми',
  'chart.data_table': 'Дані діаграми',
  'chart.category': 'Категорія',
  'chart.sampled': 'Лінія показує вибірку точок; таблиця нижче містить усі значення.',
  'chart.loading': 'Діаграма малюється…',
  'chart.more.one': 'Ще {count} категорію не показано',
  'chart.more.few': 'Ще {count} категорії не показано',
  'chart.more.many': 'Ще {count} категорій не показано',
  'chart.more.other': 'Ще {count} категорії не показано',
  'chart.type.bar': 'Стовпчикова діаграма',
  'chart.type.horizontal_bar': 'Горизонтальна стовпчикова діаграма',
  'chart.type.stacked_bar': 'Стовпчикова діаграма з накопиченням',
  'chart.type.line': 'Лінійна діаграма',
  'chart.type.area': 'Діаграма з областями',
  'chart.type.pie': 'Кругова діаграма',
  'chart.type.donut': 'Кільцева діаграма',

  'spec_issues.title': 'Це подання неможливо показати',
  'spec_issues.intro': 'Його опис містить помилки. Виправте їх і завантажте подання знову.',
  'spec_issues.count.one': '{count} помилка',
  'spec_issues.count.few': '{count} помилки',
  'spec_issues.count.many': '{count} помилок',
  'spec_issues.count.other': '{count} помилки',
  'spec_issues.code': 'Код',
  'spec_issues.path': 'Де',
  'spec_issues.message': 'Помилка',
  'spec_issues.root': '(увесь опис)',
  'spec_issues.help': 'Кожен код пояснено в документації помилок опису.',

  'spec_error.not_object': 'Опис має бути об’єктом JSON.',
  'spec_error.required': 'Бракує обов’язкового поля.',
  'spec_error.invalid_type': 'Поле має неправильний тип.',
  'spec_error.unknown_field': 'Опис містить поле, якого немає в контракті.',
  'spec_error.invalid_pattern': 'Значення не відповідає потрібному шаблону.',
  'spec_error.invalid_enum': 'Значення не входить до дозволених варіантів.',
  'spec_error.too_short': 'Текст закороткий.',
  'spec_error.too_long': 'Текст задовгий.',
  'spec_error.too_few_items': 'У списку замало елементів.',
  'spec_error.too_many_items': 'У списку забагато елементів.',
  'spec_error.out_of_range': 'Число поза допустимими межами.',
  'spec_error.duplicate_id': 'Дві діаграми мають однаковий id.',
  'spec_error.duplicate_key': 'Два стовпці мають однаковий ключ.',
  'spec_error.invalid_width': 'Ширина не є коректною довжиною CSS.',
  'spec_error.invalid_placeholder': 'Шаблон посилання має зламаний заповнювач.',
  'spec_error.unsafe_url': 'Посилання не є ні http(s), ні відносним.',
  'spec_error.forbidden_rows': 'Опис не може містити рядки даних.',
  'spec_error.forbidden_kpi_value': 'Показник не може містити значення; значення беруться з рядків.',
  'spec_error.forbidden_option': 'Опис не може містити сирі параметри діаграми чи таблиці.',
  'spec_error.forbidden_sql': 'Опис не може містити SQL.',
  'spec_error.missing_column_key': 'Показник, що не є підрахунком, не вказує, який стовпець агрегувати.',
  'spec_error.too_many_issues': 'Опис має більше проблем, ніж показано.',
  'spec_error.validation_failed': 'Опис не вдалося перевірити.',

  'table.label': 'Таблиця даних',
  'table.sort.button': 'Сортувати за «{column}»',
  'table.sort.ascending': 'за зростанням',
  'table.sort.descending': 'за спаданням',
  'table.sort.none': 'без сортування',
  'table.sort.announce_ascending': 'Відсортовано за «{column}», за зростанням',
  'table.sort.announce_descending': 'Відсортовано за «{column}», за спаданням',
  'table.sort.announce_none': 'Сортування знято; рядки в початковому порядку',
  'table.search.label': 'Пошук у таблиці',
  'table.search.placeholder': 'Пошук…',
  'table.search.clear': 'Очистити пошук',
  'table.filter.label': 'Фільтр «{column}»',
  'table.filter.placeholder': 'Фільтр…',
  'table.filter.clear': 'Очистити фільтр «{column}»',
  'table.rows.one': '{count} рядок',
  'table.rows.few': '{count} рядки',
  'table.rows.many': '{count} рядків',
  'table.rows.other': '{count} рядка',
  'table.rows_filtered.one': '{count} з {total} рядка',
  'table.rows_filtered.few': '{count} з {total} рядків',
  'table.rows_filtered.many': '{count} з {total} рядків',
  'table.rows_filtered.other': '{count} з {total} рядка',
  'table.no_rows': 'Немає рядків',
  'table.no_matches': 'Жоден рядок не відповідає пошуку',
  'table.export.xlsx': 'Експорт XLSX',
  'table.export.pdf': 'Експорт PDF',
  'table.export.in_progress': 'Файл готується…',
  'table.export.done': 'Файл готовий',
  'table.export.failed': 'Експорт не вдався',
  'table.export.file_name': 'таблиця',
  'table.open_row': 'Відкрити рядок',
  'table.footer': 'Підсумки',
  'table.loading': 'Рядки завантажуються…',
  'table.page_state.restored': 'Таблицю показано так, як ви її залишили',
  'table.page_state.reset': 'Скинути вигляд таблиці',

  'grid.toolbar.label': 'Інструменти таблиці',
  'grid.search.label': 'Пошук у таблиці',
  'grid.search.placeholder': 'Пошук…',
  'grid.gear.label': 'Стовпці та збережені пошуки',
  'grid.modal.title': 'Стовпці та пошуки',
  'grid.columns.title': 'Стовпці',
  'grid.columns.show': 'Показати «{column}»',
  'grid.columns.hide': 'Приховати «{column}»',
  'grid.columns.pin_left': 'Закріпити ліворуч',
  'grid.columns.pin_right': 'Закріпити праворуч',
  'grid.columns.unpin': 'Відкріпити',
  'grid.columns.move_up': 'Перемістити «{column}» вище',
  'grid.columns.move_down': 'Перемістити «{column}» нижче',
  'grid.columns.reset': 'Скинути стовпці',
  'grid.no_rows': 'Немає рядків',
  'grid.loading': 'Рядки завантажуються…',

  'prefs.preset.label': 'Набір стовпців',
  'prefs.preset.default': 'Типовий',
  'prefs.preset.save': 'Зберегти набір',
  'prefs.preset.save_as': 'Зберегти як новий набір',
  'prefs.preset.name': 'Назва набору',
  'prefs.preset.rename': 'Перейменувати набір',
  'prefs.preset.delete': 'Видалити набір',
  'prefs.preset.apply': 'Застосувати набір',
  'prefs.preset.saved': 'Набір «{name}» збережено',
  'prefs.preset.deleted': 'Набір «{name}» видалено',
  'prefs.preset.name_taken': 'Набір із назвою «{name}» уже існує',
  'prefs.preset.name_empty': 'Дайте набору назву',
  'prefs.preset.name_too_long': 'Назва набору може мати щонайбільше {max} символів',
  'prefs.preset.not_found': 'Набору з назвою «{name}» немає',
  'prefs.preset.too_many.one': 'Можна зберегти щонайбільше {count} набір',
  'prefs.preset.too_many.few': 'Можна зберегти щонайбільше {count} набори',
  'prefs.preset.too_many.many': 'Можна зберегти щонайбільше {count} наборів',
  'prefs.preset.too_many.other': 'Можна зберегти щонайбільше {count} набору',
  'prefs.search.saved_label': 'Збережені пошуки',
  'prefs.search.save': 'Зберегти пошук',
  'prefs.search.apply': 'Шукати «{search}»',
  'prefs.search.remove': 'Видалити збережений пошук «{search}»',
  'prefs.search.duplicate': 'Цей пошук уже збережено',
  'prefs.search.empty': 'Введіть пошуковий запит, перш ніж зберегти його',
  'prefs.search.too_long': 'Збережений пошук може мати щонайбільше {max} символів',
  'prefs.search.too_many.one': 'Можна зберегти щонайбільше {count} пошук',
  'prefs.search.too_many.few': 'Можна зберегти щонайбільше {count} пошуки',
  'prefs.search.too_many.many': 'Можна зберегти щонайбільше {count} пошуків',
  'prefs.search.too_many.other': 'Можна зберегти щонайбільше {count} пошуку',
  'prefs.search.none': 'Збережених пошуків ще немає',
  'prefs.search.not_found': 'Цей пошук не збережено',
  'prefs.save.pending': 'Збереження…',
  'prefs.save.saved': 'Збережено',
  'prefs.save.failed': 'Не вдалося зберегти. Ваші зміни залишаються на цьому пристрої й будуть надіслані знову.',
  'prefs.save.retrying.one': 'Нова спроба через {count} секунду',
  'prefs.save.retrying.few': 'Нова спроба через {count} секунди',
  'prefs.save.retrying.many': 'Нова спроба через {count} секунд',
  'prefs.save.retrying.other': 'Нова спроба через {count} секунди',
  'prefs.save.local_only': 'Ви не ввійшли: налаштування зберігаються лише на цьому пристрої.',
  'prefs.save.disabled': 'Збереження налаштувань на сервері вимкнено; вони залишаються на цьому пристрої.',
  'prefs.save.unsaved': 'Ще не збережено',
  'prefs.load.failed': 'Не вдалося завантажити ваші збережені налаштування.',

  'page_state.storage_unavailable': 'Сховище браузера недоступне; налаштування діють, доки сторінку не закрито.',
  'page_state.dropped': 'Збережені налаштування подання застаріли й були скинуті.',
  'page_state.reset': 'Скинути налаштування подання',
  'page_state.collapse': 'Згорнути «{block}»',
  'page_state.expand': 'Розгорнути «{block}»',

  'lazy.loading': 'Завантаження…',
  'lazy.failed': 'Цю частину не вдалося завантажити.',
  'lazy.retry': 'Завантажити знову',
};

/**
 * The built-in catalogs, frozen. Add a language by passing a full catalog for it in
 * `createTranslator({ overrides })`; missing keys fall back to English.
 */
export const messages: { readonly en: MessageCatalog; readonly uk: MessageCatalog } = Object.freeze({
  en: Object.freeze({ ...en }),
  uk: Object.freeze({ ...uk }),
});

/** Every message key, in catalog order. */
export const MESSAGE_KEYS: readonly MessageKey[] = Object.freeze(Object.keys(en) as MessageKey[]);

/** Per-locale overrides: `{ uk: { 'table.no_rows': 'Порожньо' } }`. Keys may be any string. */
export type MessageOverrides = Readonly<Record<string, Readonly<Record<string, string>> | undefined>>;

/** Values for `{name}` placeholders. Numbers are formatted for the translator's locale. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Options of `createTranslator`. */
export interface TranslatorOptions {
  /** BCP 47 tag; `uk-UA` uses `uk`. Empty or missing means `en`. */
  locale?: string;
  /** Texts that win over the catalogs, keyed by locale then by message key. */
  overrides?: MessageOverrides;
  /**
   * A further source consulted after `overrides` and before the catalogs, such as a host's
   * `translate`. Return null, undefined or the key itself for "unknown".
   */
  lookup?: (key: string) => string | null | undefined;
}

/** What `createTranslator` returns. Every method returns plain text. */
export interface Translator {
  /** The locale the translator was made for (as given, or `en`). */
  readonly locale: string;
  /**
   * The text of `key`. Chain: overrides[locale] → overrides[base language] → lookup →
   * catalog[locale] → catalog[base language] → English → `fallback` → the key itself.
   */
  t(key: string, fallback?: string): string;
  /** `t(key)` with `{name}` placeholders filled; unknown placeholders stay as written. */
  format(key: string, params: MessageParams, fallback?: string): string;
  /**
   * The plural form of `base` for `count` (`Intl.PluralRules` of the locale picks `.one`, `.few`,
   * `.many` or `.other`; a missing category falls back to `.other`). `{count}` is filled with the
   * count formatted for the locale, plus any `params`. `pluralBy` picks the category from another
   * number (e.g. the total in "1 of 100 rows").
   */
  plural(base: string, count: number, params?: MessageParams, pluralBy?: number): string;
  /** Formats a number for the locale (grouping, up to 3 fraction digits), as message params are. */
  number(value: number): string;
}

const PLACEHOLDER = /\{([A-Za-z_][\w]*)\}/g;
const catalogs: Readonly<Record<string, MessageCatalog>> = messages;

// Intl constructors are slow; every translator of a locale shares one instance (numbers come from
// the cached formatters of ./format).
const pluralRules = new Map<string, Intl.PluralRules>();

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    // An invalid tag (from a host setting) must not break rendering: fall back to English.
    return 'en';
  }
}

function cachedPluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function own(record: Readonly<Record<string, string>> | undefined, key: string): string | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Makes a translator for one locale. Cheap: no catalog is copied.
 *
 * Edge cases: an invalid locale tag behaves as `en`; an unknown key returns `fallback`, or the key
 * itself when there is no fallback (so a missing text is visible, never an empty string); override
 * values that are not strings are ignored; `format` leaves `{unknown}` placeholders untouched.
 */
export function createTranslator(options: TranslatorOptions = {}): Translator {
  const locale = options.locale && options.locale.trim() !== '' ? options.locale : 'en';
  const canonical = safeLocale(locale);
  const base = (canonical.split('-')[0] ?? 'en').toLowerCase();
  const overrides = options.overrides ?? {};
  const sources: (Readonly<Record<string, string>> | undefined)[] = [
    overrides[locale],
    canonical !== locale ? overrides[canonical] : undefined,
    base !== canonical ? overrides[base] : undefined,
  ];
  const catalogChain: (Readonly<Record<string, string>> | undefined)[] = [catalogs[canonical], catalogs[base], catalogs.en];

  const t = (key: string, fallback?: string): string => {
    for (const source of sources) {
      const value = own(source, key);
      if (typeof value === 'string') return value;
    }
    if (options.lookup) {
      const value = options.lookup(key);
      if (typeof value === 'string' && value !== key) return value;
    }
    for (const catalog of catalogChain) {
      const value = own(catalog, key);
      if (typeof value === 'string') return value;
    }
    return fallback ?? key;
  };

  const number = (value: number): string => getNumberFormat(canonical, 'number').format(value);

  const fill = (text: string, params: MessageParams): string =>
    text.replace(PLACEHOLDER, (match, name: string) => {
      if (!Object.prototype.hasOwnProperty.call(params, name)) return match;
      const value = params[name];
      return typeof value === 'number' ? number(value) : String(value);
    });

  return {
    locale,
    t,
    number,
    format: (key, params, fallback) => fill(t(key, fallback), params),
    plural: (pluralBase, count, params = {}, pluralBy = count) => {
      const category = cachedPluralRules(canonical).select(pluralBy);
      const other = `${pluralBase}.other`;
      const text = t(`${pluralBase}.${category}`, t(other));
      return fill(text, { ...params, count });
    },
  };
}
