/**
 * The playground's own texts (header, navigation, page introductions) in English and Ukrainian.
 * The library's components bring their own catalogs; this one covers only the page chrome.
 *
 * @module
 */
import { computed } from 'vue';
import { settings } from './settings';

const en = {
  'app.name': 'vue-grid-view playground',
  'app.demo_notice': 'A demo switch, not authentication: anyone can pick any user.',
  'nav.label': 'Pages',
  'nav.dashboard': 'Dashboard',
  'nav.table': 'Simple table',
  'nav.grid': 'Data grid',
  'nav.big': 'Big table',
  'nav.editor': 'Spec editor',
  'nav.ssr': 'Server-rendered',
  'nav.preferences': 'Preferences',
  'nav.plain': 'Plain HTML',
  'nav.plain_title': 'A page without a Vue build, served by the playground server',
  'settings.locale': 'Language',
  'settings.theme': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'common.loading': 'Loading…',
  'common.missing_part': 'This part of the library is not available in this build: {part}.',

  'dashboard.intro.one': 'A sales dashboard drawn from one view spec (playground/specs/sales-dashboard.json) over {count} generated sale.',
  'dashboard.intro.few': 'A sales dashboard drawn from one view spec (playground/specs/sales-dashboard.json) over {count} generated sales.',
  'dashboard.intro.many': 'A sales dashboard drawn from one view spec (playground/specs/sales-dashboard.json) over {count} generated sales.',
  'dashboard.intro.other': 'A sales dashboard drawn from one view spec (playground/specs/sales-dashboard.json) over {count} generated sales.',

  'table.intro': 'Every sale in one SimpleTable: sort, search, footer totals, column groups, XLSX and PDF export.',
  'table.search_mode': 'Search mode',
  'table.mode.global': 'Global',
  'table.mode.per_column': 'Per column',
  'table.mode.disabled': 'Disabled',
  'table.group.order': 'Order',
  'table.group.sale': 'Sale',
  'table.group.figures': 'Figures',
  'table.server_xlsx': 'Server XLSX (every column)',
  'table.xlsx_note': 'Two XLSX files. The table’s own “Export XLSX” button builds the file in your browser from exactly what the table shows: the columns you show, in their order, and the rows found, in their order. “Server XLSX (every column)” asks the server to build it from its own copy of the sales, with the same search and sort and every column of the view, also those you hide. Both keep numbers, amounts, percents and dates as the table shows them.',
  'table.pdf_note.one': 'The PDF export holds at most the first {count} matching row.',
  'table.pdf_note.few': 'The PDF export holds at most the first {count} matching rows.',
  'table.pdf_note.many': 'The PDF export holds at most the first {count} matching rows.',
  'table.pdf_note.other': 'The PDF export holds at most the first {count} matching rows.',

  'grid.intro.one': 'The {count} sale in the DataGrid (AG Grid Community over the library\'s row source): quick search, column filters, presets and saved searches per demo user, a shareable view, and KPIs and a chart that follow the rows the grid shows.',
  'grid.intro.few': 'All {count} sales in the DataGrid (AG Grid Community over the library\'s row source): quick search, column filters, presets and saved searches per demo user, a shareable view, and KPIs and a chart that follow the rows the grid shows.',
  'grid.intro.many': 'All {count} sales in the DataGrid (AG Grid Community over the library\'s row source): quick search, column filters, presets and saved searches per demo user, a shareable view, and KPIs and a chart that follow the rows the grid shows.',
  'grid.intro.other': 'All {count} sales in the DataGrid (AG Grid Community over the library\'s row source): quick search, column filters, presets and saved searches per demo user, a shareable view, and KPIs and a chart that follow the rows the grid shows.',

  'big.intro': 'A million sales that never leave the server: the DataGrid reads blocks of a SQLite table through the handler\'s rows routes (createSqlRowSource); sort, filters, the values checklist and the search run in SQL; the KPIs and the chart come from /aggregate over every matching row; the exports write the whole filtered, sorted set.',

  'editor.intro': 'Edit the spec; the view or the list of issues updates as you type.',
  'editor.label': 'Spec JSON',
  'editor.rows_note.one': 'Rows: {count} sale sampled evenly from the ledger.',
  'editor.rows_note.few': 'Rows: {count} sales sampled evenly from the ledger.',
  'editor.rows_note.many': 'Rows: {count} sales sampled evenly from the ledger.',
  'editor.rows_note.other': 'Rows: {count} sales sampled evenly from the ledger.',
  'editor.json_error': 'Not valid JSON (json_syntax): check quotes, commas and brackets.',
  'editor.json_error_at': 'Not valid JSON (json_syntax) at line {line}, column {column}: check quotes, commas and brackets there.',
  'editor.valid': 'Valid spec',
  'editor.invalid.one': 'Invalid spec: {count} issue',
  'editor.invalid.few': 'Invalid spec: {count} issues',
  'editor.invalid.many': 'Invalid spec: {count} issues',
  'editor.invalid.other': 'Invalid spec: {count} issues',
  'editor.reset': 'Reset to the example',
  'editor.example_bad': 'Load a broken example',

  'ssr.intro': 'The server renders this report to HTML with renderHtml: KPIs, table and charts as SVG. It reads without JavaScript.',
  'ssr.open': 'Open the page on its own',
  'ssr.frame_title': 'Server-rendered report',
  'ssr.lazy_heading': 'Lazy block',
  'ssr.lazy_intro': 'The fragment GET /api/grid/lazy/?block=region-kpis returns: a KPI strip rendered with Vue SSR for one region, as a page would insert it.',
  'ssr.region': 'Region',

  'prefs.intro': 'Keep the table’s column layout as named presets and the searches you repeat; each demo user has their own.',
  'prefs.user': 'Demo user',
  'prefs.anonymous': 'Anonymous',
  'prefs.switch_user': 'Switch user',
  'prefs.local_only': 'Not signed in: presets and searches stay in this browser only; nothing is stored on the server.',
  'prefs.server_note': 'Signed in as {user}: presets and searches are saved on the server (SQLite) and survive its restart.',
  'prefs.presets': 'Column presets',
  'prefs.presets_hint': 'A preset keeps the columns as the table’s Columns menu and resize handles left them.',
  'prefs.preset_name': 'Preset name',
  'prefs.save_preset': 'Save columns as preset',
  'prefs.no_presets': 'No presets yet.',
  'prefs.searches': 'Saved searches',
  'prefs.search_text': 'Search text',
  'prefs.save_search': 'Save search',
  'prefs.no_searches': 'No saved searches yet.',
  'prefs.apply': 'Apply',
  'prefs.rename': 'Rename',
  'prefs.delete': 'Delete',
  'prefs.new_name': 'New name',
  'prefs.new_name_of': 'New name for {name}',
  'prefs.status.saved': 'All changes saved.',
  'prefs.status.idle': 'Changes are saved as you make them.',
  'prefs.status.pending': 'Saving…',

  'nav.chat': 'Chat',
  'chat.intro': 'Ask about the sales in words. A planner made of rules (standing in for a language model) writes planner output { sql, purpose, format }; answerWithGrid checks it, runs it read-only on the big table’s SQLite file and answers with a GridViewMessage. A follow-up such as “as a pie chart” edits the last view with a JSON Patch. A message that is a JSON object is sent as planner output as it is.',
  'chat.log': 'Conversation',
  'chat.input': 'Your question',
  'chat.placeholder': 'Revenue by region in 2025',
  'chat.send': 'Send',
  'chat.examples': 'Try',
  'chat.example.revenue': 'Revenue by region in 2025',
  'chat.example.managers': 'Top 10 managers by margin',
  'chat.example.months': 'Orders per month as a line chart',
  'chat.example.pie': 'As a pie chart',
  'chat.example.delete': 'A planner asking for DELETE',
  'chat.you': 'You',
  'chat.assistant': 'Assistant',
  'chat.thinking': 'Working on it…',
  'chat.answer': 'Here is the answer: {purpose}.',
  'chat.answer_truncated': 'Here is the answer: {purpose}. It has more rows than a message shows; the title says how many are shown.',
  'chat.edited': 'Here is the same view with its chart changed.',
  'chat.refused': 'I could not answer that. The library refused it:',
  'chat.unknown': 'I only know questions about the demo sales: a measure (revenue, orders, margin, units) by region, manager, channel, product or month, optionally “in 2025” or “top 10”.',
  'chat.plan': 'Planner output',
  'chat.failed': 'The server did not answer: {reason}',
  'chat.empty': 'Ask a question to start.',
} as const;

export type PlaygroundMessageKey = keyof typeof en;

const uk: Record<PlaygroundMessageKey, string> = {
  'app.name': 'Пісочниця vue-grid-view',
  'app.demo_notice': 'Демонстраційний перемикач, а не автентифікація: будь-хто може вибрати будь-кого.',
  'nav.label': 'Сторінки',
  'nav.dashboard': 'Панель',
  'nav.table': 'Проста таблиця',
  'nav.grid': 'Таблиця даних',
  'nav.big': 'Велика таблиця',
  'nav.editor': 'Редактор специфікації',
  'nav.ssr': 'Серверний рендеринг',
  'nav.preferences': 'Налаштування',
  'nav.plain': 'Звичайний HTML',
  'nav.plain_title': 'Сторінка без збірки Vue, яку віддає сервер пісочниці',
  'settings.locale': 'Мова',
  'settings.theme': 'Тема',
  'theme.light': 'Світла',
  'theme.dark': 'Темна',
  'common.loading': 'Завантаження…',
  'common.missing_part': 'Ця частина бібліотеки недоступна в цій збірці: {part}.',

  'dashboard.intro.one': 'Панель продажів з однієї специфікації подання (playground/specs/sales-dashboard.json). Дані: {count} згенерований продаж.',
  'dashboard.intro.few': 'Панель продажів з однієї специфікації подання (playground/specs/sales-dashboard.json). Дані: {count} згенеровані продажі.',
  'dashboard.intro.many': 'Панель продажів з однієї специфікації подання (playground/specs/sales-dashboard.json). Дані: {count} згенерованих продажів.',
  'dashboard.intro.other': 'Панель продажів з однієї специфікації подання (playground/specs/sales-dashboard.json). Дані: {count} згенерованого продажу.',

  'table.intro': 'Усі продажі в одній SimpleTable: сортування, пошук, підсумки, групи стовпців, експорт XLSX і PDF.',
  'table.search_mode': 'Режим пошуку',
  'table.mode.global': 'Загальний',
  'table.mode.per_column': 'За стовпцями',
  'table.mode.disabled': 'Вимкнено',
  'table.group.order': 'Замовлення',
  'table.group.sale': 'Продаж',
  'table.group.figures': 'Показники',
  'table.server_xlsx': 'XLSX із сервера (усі стовпці)',
  'table.xlsx_note': 'Два файли XLSX. Власна кнопка таблиці «Експорт XLSX» збирає файл у вашому браузері з того, що таблиця показує: стовпці, які ви показуєте, у їхньому порядку, і знайдені рядки в їхньому порядку. «XLSX із сервера (усі стовпці)» просить сервер зібрати файл із власної копії продажів, з тим самим пошуком і сортуванням і всіма стовпцями подання, також прихованими. Обидва зберігають числа, суми, відсотки й дати такими, як їх показує таблиця.',
  'table.pdf_note.one': 'PDF містить не більше {count} знайденого рядка (перших за порядком).',
  'table.pdf_note.few': 'PDF містить не більше {count} знайдених рядків (перших за порядком).',
  'table.pdf_note.many': 'PDF містить не більше {count} знайдених рядків (перших за порядком).',
  'table.pdf_note.other': 'PDF містить не більше {count} знайденого рядка (перших за порядком).',

  'grid.intro.one': 'Усі {count} продаж у DataGrid (AG Grid Community поверх джерела рядків бібліотеки): швидкий пошук, фільтри стовпців, набори й збережені пошуки для кожного демо-користувача, вид, яким можна поділитися, і показники та діаграма, що йдуть за рядками таблиці.',
  'grid.intro.few': 'Усі {count} продажі у DataGrid (AG Grid Community поверх джерела рядків бібліотеки): швидкий пошук, фільтри стовпців, набори й збережені пошуки для кожного демо-користувача, вид, яким можна поділитися, і показники та діаграма, що йдуть за рядками таблиці.',
  'grid.intro.many': 'Усі {count} продажів у DataGrid (AG Grid Community поверх джерела рядків бібліотеки): швидкий пошук, фільтри стовпців, набори й збережені пошуки для кожного демо-користувача, вид, яким можна поділитися, і показники та діаграма, що йдуть за рядками таблиці.',
  'grid.intro.other': 'Усі {count} продажу у DataGrid (AG Grid Community поверх джерела рядків бібліотеки): швидкий пошук, фільтри стовпців, набори й збережені пошуки для кожного демо-користувача, вид, яким можна поділитися, і показники та діаграма, що йдуть за рядками таблиці.',

  'big.intro': 'Мільйон продажів, які не залишають сервер: DataGrid читає блоки таблиці SQLite через маршрути рядків обробника (createSqlRowSource); сортування, фільтри, список значень і пошук виконуються в SQL; показники й діаграма надходять з /aggregate по всіх знайдених рядках; експорт записує весь відфільтрований і відсортований набір.',

  'editor.intro': 'Редагуйте специфікацію; подання або список помилок оновлюються під час введення.',
  'editor.label': 'JSON специфікації',
  'editor.rows_note.one': 'Рядки: {count} продаж, рівномірно вибраний із журналу.',
  'editor.rows_note.few': 'Рядки: {count} продажі, рівномірно вибрані із журналу.',
  'editor.rows_note.many': 'Рядки: {count} продажів, рівномірно вибраних із журналу.',
  'editor.rows_note.other': 'Рядки: {count} продажу, рівномірно вибраного із журналу.',
  'editor.json_error': 'Некоректний JSON (json_syntax): перевірте лапки, коми й дужки.',
  'editor.json_error_at': 'Некоректний JSON (json_syntax) у рядку {line}, стовпці {column}: перевірте там лапки, коми й дужки.',
  'editor.valid': 'Специфікація коректна',
  'editor.invalid.one': 'Специфікація некоректна: {count} помилка',
  'editor.invalid.few': 'Специфікація некоректна: {count} помилки',
  'editor.invalid.many': 'Специфікація некоректна: {count} помилок',
  'editor.invalid.other': 'Специфікація некоректна: {count} помилки',
  'editor.reset': 'Повернути приклад',
  'editor.example_bad': 'Завантажити зламаний приклад',

  'ssr.intro': 'Сервер рендерить цей звіт у HTML через renderHtml: KPI, таблиця і діаграми як SVG. Він читається без JavaScript.',
  'ssr.open': 'Відкрити сторінку окремо',
  'ssr.frame_title': 'Звіт, відрендерений на сервері',
  'ssr.lazy_heading': 'Лінивий блок',
  'ssr.lazy_intro': 'Фрагмент, який повертає GET /api/grid/lazy/?block=region-kpis: смуга KPI, відрендерена Vue SSR для одного регіону, як сторінка вставила б її.',
  'ssr.region': 'Регіон',

  'prefs.intro': 'Зберігайте розкладку стовпців таблиці як іменовані набори, а пошуки, які повторюєте, — у списку; у кожного демо-користувача вони свої.',
  'prefs.user': 'Демо-користувач',
  'prefs.anonymous': 'Анонім',
  'prefs.switch_user': 'Змінити користувача',
  'prefs.local_only': 'Ви не ввійшли: набори стовпців і пошуки залишаються лише в цьому браузері; на сервері нічого не зберігається.',
  'prefs.server_note': 'Ви увійшли як {user}: набори стовпців і пошуки зберігаються на сервері (SQLite) і переживають його перезапуск.',
  'prefs.presets': 'Набори стовпців',
  'prefs.presets_hint': 'Набір запам’ятовує стовпці такими, якими їх залишили меню «Стовпці» таблиці та маркери ширини.',
  'prefs.preset_name': 'Назва набору',
  'prefs.save_preset': 'Зберегти стовпці як набір',
  'prefs.no_presets': 'Наборів ще немає.',
  'prefs.searches': 'Збережені пошуки',
  'prefs.search_text': 'Текст пошуку',
  'prefs.save_search': 'Зберегти пошук',
  'prefs.no_searches': 'Збережених пошуків ще немає.',
  'prefs.apply': 'Застосувати',
  'prefs.rename': 'Перейменувати',
  'prefs.delete': 'Видалити',
  'prefs.new_name': 'Нова назва',
  'prefs.new_name_of': 'Нова назва для «{name}»',
  'prefs.status.saved': 'Усі зміни збережено.',
  'prefs.status.idle': 'Зміни зберігаються одразу.',
  'prefs.status.pending': 'Збереження…',

  'nav.chat': 'Чат',
  'chat.intro': 'Запитайте про продажі словами. Планувальник із правил (замість мовної моделі) пише вихід планувальника { sql, purpose, format }; answerWithGrid перевіряє його, виконує лише для читання на файлі SQLite великої таблиці й відповідає повідомленням GridViewMessage. Уточнення на кшталт «як кругова діаграма» змінює останнє подання латкою JSON Patch. Повідомлення, що є об’єктом JSON, надсилається як вихід планувальника без змін.',
  'chat.log': 'Розмова',
  'chat.input': 'Ваше запитання',
  'chat.placeholder': 'Виручка за регіонами у 2025 році',
  'chat.send': 'Надіслати',
  'chat.examples': 'Спробуйте',
  'chat.example.revenue': 'Виручка за регіонами у 2025 році',
  'chat.example.managers': 'Топ-10 менеджерів за маржею',
  'chat.example.months': 'Замовлення за місяцями як лінійний графік',
  'chat.example.pie': 'Як кругова діаграма',
  'chat.example.delete': 'Планувальник просить DELETE',
  'chat.you': 'Ви',
  'chat.assistant': 'Помічник',
  'chat.thinking': 'Працюю над цим…',
  'chat.answer': 'Ось відповідь: {purpose}.',
  'chat.answer_truncated': 'Ось відповідь: {purpose}. Рядків більше, ніж показує повідомлення; у заголовку сказано, скільки показано.',
  'chat.edited': 'Ось те саме подання зі зміненою діаграмою.',
  'chat.refused': 'Я не зміг на це відповісти. Бібліотека відмовила:',
  'chat.unknown': 'Я розумію лише запитання про демонстраційні продажі: показник (виручка, замовлення, маржа, кількість) за регіонами, менеджерами, каналами, товарами чи місяцями, за бажанням «у 2025 році» або «топ-10».',
  'chat.plan': 'Вихід планувальника',
  'chat.failed': 'Сервер не відповів: {reason}',
  'chat.empty': 'Поставте запитання, щоб почати.',
};

/** Both catalogs; the type makes a key missing from `uk` a compile error. */
export const playgroundMessages: Record<'en' | 'uk', Record<PlaygroundMessageKey, string>> = { en, uk };

/** Fills `{name}` placeholders; the result is plain text and is only ever rendered as text. */
function fill(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A reactive translator for the active playground locale. */
export const pt = computed(() => {
  const catalog = playgroundMessages[settings.locale];
  return (key: PlaygroundMessageKey, params?: Record<string, string | number>): string => fill(catalog[key], params);
});

/** Bases of the plural texts: each has `.one`, `.few`, `.many` and `.other` (Ukrainian uses all four). */
export type PlaygroundPluralBase = PlaygroundMessageKey extends infer K ? (K extends `${infer B}.other` ? B : never) : never;

/**
 * The plural text of `base` for `count` in `locale`: `Intl.PluralRules` picks the form, `{count}` is
 * the count with the locale's grouping. Pure, for tests; pages use the reactive `pp`.
 */
export function pluralText(locale: 'en' | 'uk', base: PlaygroundPluralBase, count: number, params?: Record<string, string | number>): string {
  const category = new Intl.PluralRules(locale).select(count);
  const catalog = playgroundMessages[locale] as Record<string, string>;
  const text = catalog[`${base}.${category}`] ?? catalog[`${base}.other`] ?? base;
  return fill(text, { ...params, count: new Intl.NumberFormat(locale).format(count) });
}

/** A reactive plural translator for the active playground locale ("1 issue", "2 помилки"). */
export const pp = computed(() => {
  const locale = settings.locale;
  return (base: PlaygroundPluralBase, count: number, params?: Record<string, string | number>): string => pluralText(locale, base, count, params);
});
