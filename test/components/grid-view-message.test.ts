import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount } from '@vue/test-utils';
import { h, isReactive, reactive, resolveComponent, shallowRef, toRaw } from 'vue';
import type { App, Component } from 'vue';
import * as XLSX from 'xlsx';
import GridViewMessage from '../../components/GridViewMessage.vue';
import GridView from '../../components/GridView.vue';
import SimpleTable from '../../components/SimpleTable.vue';
import { GRID_VIEW_COMPONENT_NAMES, GridViewPlugin } from '../../src/plugin';
import { GridViewMessage as ExportedMessage } from '../../src/index';
import { GridRenderer } from '../../src/core/artifact';
import { parseGridViewSpecJson } from '../../src/core/spec';
import { loadCatalog } from '../../src/core/i18n/translator';
import { setWarningHandler } from '../../src/core/warn';
import type { GridViewWarning } from '../../src/core/warn';
import type { GridArtifact, GridViewSpecWire, Row, SimpleTableConfig } from '../../src/core/types';
import { MESSAGE_TEXTS, messageTranslator } from '../../components/grid-view-message/texts';
import { tsvText } from '../../components/grid-view-message/tsv';
import { readMessage } from '../../components/grid-view-message/read-message';
import { compactBlocks } from '../../components/grid-view-message/compact';
import { numberedGridId } from '../../components/grid-view-message/useUniqueGridId';
import { waitFor } from '../setup/wait';

// Mounted without GridViewPlugin (as GridView's own tests are), so load Ukrainian as the plugin would.
beforeAll(() => loadCatalog('uk'));

afterEach(() => {
  document.body.innerHTML = '';
  setWarningHandler(null);
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const wire = (over: Partial<GridViewSpecWire> = {}): GridViewSpecWire => ({
  grid_id: 'orders',
  title: 'Orders',
  columns: [
    { key: 'id', label: 'ID', format: 'number' },
    { key: 'region', label: 'Region' },
    { key: 'amount', label: 'Amount', format: 'currency' },
    { key: 'note', label: 'Note' },
  ],
  kpis: [{ label: 'Revenue', column_key: 'amount', aggregate: 'sum', format: 'currency' }],
  charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: 'Amount' }] }],
  layout: { blocks: ['title', 'kpis', 'chart', 'table'] },
  export_xlsx: true,
  ...over,
});

const rows: Row[] = [
  { id: 1, region: 'North', amount: 1234.5, note: 'first' },
  { id: 2, region: 'South', amount: -20, note: '=1+1' },
  { id: 3, region: 'North', amount: 5, note: 'tab\there' },
];

const artifactJson = (over: Partial<GridViewSpecWire> = {}, data: Row[] = rows) => GridRenderer.build(parseGridViewSpecJson(wire(over)), data).toJSON();

type Wrapper = ReturnType<typeof mount>;

function mountMessage(props: Record<string, unknown>, attrs: Record<string, unknown> = {}): Wrapper {
  return mount(GridViewMessage, { props: props as never, attrs, attachTo: document.body });
}

/** The data-gv-block values of the view drawn inside the message, in order. */
const blocks = (wrapper: Wrapper): string[] => wrapper.findAll('.gv-view__inner > [data-gv-block]').map((el) => el.attributes('data-gv-block') ?? '');
const tableConfig = (wrapper: Wrapper): SimpleTableConfig => (wrapper.findComponent(SimpleTable).props() as unknown as { config: SimpleTableConfig }).config;
const card = (wrapper: Wrapper) => wrapper.find('[data-gv-message-error]');

/** A clipboard that records what is written (jsdom has none). */
function fakeClipboard(write: (text: string) => Promise<void> = async () => undefined): string[] {
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: vi.fn(async (text: string) => {
        await write(text);
        written.push(text);
      }),
    },
  });
  return written;
}

describe('GridViewMessage: what it shows', () => {
  it('draws a grid_view message through GridView in a named article, compact: shell wrapper, smaller title under an h3', () => {
    const wrapper = mountMessage({ message: { type: 'grid_view', artifact: artifactJson() } });
    const article = wrapper.find('article[data-gv-message]');
    expect(article.attributes('aria-label')).toBe('View in a message: Orders');
    expect(article.attributes('data-gv-message-state')).toBe('view');
    expect(article.attributes('style')).toContain('--gv-title-size: 1.0625rem');
    expect(wrapper.findAllComponents(GridView)).toHaveLength(1);
    expect(wrapper.findAllComponents(SimpleTable)).toHaveLength(1);
    expect(wrapper.find('.gv-view').attributes('data-gv-wrapper')).toBe('shell');
    expect(wrapper.find('h3.gv-view__title').text()).toBe('Orders');
    expect(blocks(wrapper)).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(wrapper.findAll('tbody tr.gv-table__row')).toHaveLength(3);
    // The table's own export buttons give way to the message's actions; no page state, no presets.
    expect(wrapper.find('[data-cm-export]').exists()).toBe(false);
    expect(wrapper.findComponent(SimpleTable).props()).toMatchObject({ pageState: false, presets: false, windowThreshold: 25, maxHeight: '24rem' });
    const buttons = wrapper.findAll('[data-gv-message-action]').map((button) => [button.attributes('data-gv-message-action'), button.text()]);
    expect(buttons).toEqual([
      ['copy', 'Copy'],
      ['xlsx', 'Export XLSX'],
    ]);
    expect(wrapper.find('.gv-message__actions').attributes()).toMatchObject({ role: 'group', 'aria-label': 'Message actions' });
    const status = wrapper.find('[data-gv-message-status]');
    expect(status.attributes()).toMatchObject({ role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
  });

  it('takes every accepted shape: the message or its artifact as JSON text, a built artifact, and a grid_view_spec with a wire, text or parsed spec', () => {
    const json = artifactJson();
    const built = GridRenderer.build(parseGridViewSpecJson(wire()), rows);
    const shapes: unknown[] = [
      JSON.stringify({ type: 'grid_view', artifact: json }),
      { type: 'grid_view', artifact: JSON.stringify(json) },
      { type: 'grid_view', artifact: built },
      { type: 'grid_view_spec', spec: wire(), rows },
      { type: 'grid_view_spec', spec: JSON.stringify(wire()), rows },
      { type: 'grid_view_spec', spec: parseGridViewSpecJson(wire()), rows },
      JSON.stringify({ type: 'grid_view_spec', spec: wire(), rows }),
    ];
    for (const message of shapes) {
      const wrapper = mountMessage({ message });
      expect(wrapper.find('[data-gv-message-state="view"]').exists(), JSON.stringify(message).slice(0, 80)).toBe(true);
      expect(wrapper.findAll('tbody tr.gv-table__row')).toHaveLength(3);
      wrapper.unmount();
    }
  });

  it('lays the view out by the presenter format, and never an empty box', () => {
    const message = { type: 'grid_view_spec', spec: wire(), rows };
    expect(blocks(mountMessage({ message, format: 'table' }))).toEqual(['title', 'kpis', 'table']);
    expect(blocks(mountMessage({ message, format: 'chart' }))).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(blocks(mountMessage({ message, format: 'answer' }))).toEqual(['title', 'kpis']);
    // An answer with neither a title nor KPIs would show nothing: the table stands in.
    const bare = { type: 'grid_view_spec', spec: wire({ title: undefined, kpis: [] }), rows };
    expect(blocks(mountMessage({ message: bare, format: 'answer' }))).toEqual(['table']);
  });

  it('shows the simple table where the spec asks for the data grid, without its toolbar', () => {
    const message = { type: 'grid_view_spec', spec: wire({ layout: { blocks: ['title', 'toolbar', 'ag_grid'] } }), rows };
    const wrapper = mountMessage({ message });
    expect(blocks(wrapper)).toEqual(['title', 'table']);
    expect(compactBlocks(['kpis', 'ag_grid', 'table', 'toolbar'], null)).toEqual(['kpis', 'table']);
  });

  it('ignores a format that is not one of the four, with a spec_warning, and shows the spec layout', () => {
    const warnings: GridViewWarning[] = [];
    setWarningHandler((warning) => warnings.push(warning));
    const wrapper = mountMessage({ message: { type: 'grid_view_spec', spec: wire(), rows }, format: 'poem' });
    expect(blocks(wrapper)).toEqual(['title', 'kpis', 'chart', 'table']);
    expect(warnings.map((w) => w.code)).toEqual(['spec_warning']);
    expect(warnings[0]!.message).toContain('"poem"');
  });

  it('keeps rows raw: a reactive message reaches the table as the very array the host holds', () => {
    const data = rows.map((row) => ({ ...row }));
    const message = reactive({ type: 'grid_view_spec', spec: wire(), rows: data });
    const wrapper = mountMessage({ message });
    const config = tableConfig(wrapper);
    expect(isReactive(config.data)).toBe(false);
    expect(config.data).toBe(data);
    expect(toRaw(message.rows)).toBe(data);
  });

  it('gives each of two messages with the same grid_id ids of its own, and hands a freed id out again', async () => {
    const shown = shallowRef(['a', 'b']);
    const message = { type: 'grid_view', artifact: artifactJson() };
    const Chat: Component = { render: () => shown.value.map((key) => h(GridViewMessage, { key, message })) };
    const wrapper = mount(Chat, { attachTo: document.body });
    const ids = () => wrapper.findAll('section.gv-view').map((view) => [view.attributes('id'), view.attributes('aria-labelledby')]);
    expect(ids()).toEqual([
      ['orders-view', 'orders-title'],
      ['orders-2-view', 'orders-2-title'],
    ]);
    for (const [, title] of ids()) expect(document.querySelectorAll(`#${title!}`)).toHaveLength(1);
    shown.value = ['b'];
    await flushPromises();
    shown.value = ['b', 'c'];
    await flushPromises();
    expect(ids().map(([id]) => id)).toEqual(['orders-2-view', 'orders-view']);
    expect(numberedGridId('x'.repeat(100), 12)).toBe(`${'x'.repeat(97)}-12`);
  });
});

describe('GridViewMessage: invalid messages', () => {
  const cases: { name: string; message: unknown; code: string; path: string; sentence: string }[] = [
    { name: 'text that is not JSON', message: '{"type": "grid_view", ', code: 'message_not_json', path: '', sentence: 'This message could not be read: it is not valid JSON.' },
    { name: 'an artifact string that is not JSON', message: { type: 'grid_view', artifact: 'nope' }, code: 'message_not_json', path: 'artifact', sentence: 'This message could not be read: it is not valid JSON.' },
    { name: 'an array', message: [1, 2], code: 'message_not_object', path: '', sentence: 'This message is not a grid view.' },
    { name: 'null', message: null, code: 'message_not_object', path: '', sentence: 'This message is not a grid view.' },
    { name: 'another type', message: { type: 'chart', data: [] }, code: 'message_unknown_type', path: 'type', sentence: 'This message is not a grid view.' },
    { name: 'a grid_view without its artifact', message: { type: 'grid_view' }, code: 'required', path: 'artifact', sentence: 'The view in this message has 1 problem and cannot be shown.' },
    { name: 'rows that are not an array', message: { type: 'grid_view_spec', spec: wire(), rows: 'all of them' }, code: 'invalid_type', path: 'rows', sentence: 'The view in this message has 1 problem and cannot be shown.' },
    { name: 'neither spec nor rows', message: { type: 'grid_view_spec' }, code: 'required', path: 'spec', sentence: 'The view in this message has 2 problems and cannot be shown.' },
    { name: 'an artifact of another version', message: { type: 'grid_view', artifact: { ...artifactJson(), version: 2 } }, code: 'invalid_enum', path: 'artifact.version', sentence: 'The view in this message has 1 problem and cannot be shown.' },
  ];
  for (const { name, message, code, path, sentence } of cases) {
    it(`shows a coded card for ${name} and emits invalid`, () => {
      const wrapper = mountMessage({ message: message as never });
      expect(wrapper.find('[data-gv-message-state="invalid"]').exists()).toBe(true);
      expect(wrapper.findComponent(GridView).exists()).toBe(false);
      expect(card(wrapper).attributes('data-gv-code')).toBe(code);
      expect(card(wrapper).find('.gv-message__error-sentence').text()).toBe(sentence);
      expect(card(wrapper).find('.gv-spec-issues__code').text()).toBe(code);
      expect(card(wrapper).find('.gv-spec-issues__path').exists()).toBe(path !== '');
      if (path) expect(card(wrapper).find('.gv-spec-issues__path').text()).toBe(path);
      const emitted = wrapper.emitted('invalid') as [{ code: string; path: string }][];
      expect(emitted[0]![0]).toMatchObject({ code, path });
      expect(wrapper.find('article').attributes('aria-label')).toBe('View in a message');
    });
  }

  it('names the first problem of an invalid spec with its path inside the message, and counts them in Ukrainian plural forms', () => {
    const spec = { ...wire(), columns: [{ key: 'id', label: 'ID', format: 'money' }], charts: [] };
    const wrapper = mountMessage({ message: { type: 'grid_view_spec', spec, rows }, locale: 'uk' });
    expect(card(wrapper).attributes('data-gv-code')).toBe('invalid_enum');
    expect(card(wrapper).find('.gv-spec-issues__path').text()).toBe('spec.columns[0].format');
    expect(card(wrapper).text()).toContain('Код: invalid_enum · Де: spec.columns[0].format');
    expect(card(wrapper).find('.gv-message__error-sentence').text()).toMatch(/^Подання в цьому повідомленні має \d+ помилк/);
    const words = messageTranslator('uk', {});
    expect([1, 2, 5, 11, 21, 22].map((n) => words.plural('message.error.invalid', n).replace(/^.* має /, '').replace(/,.*$/, ''))).toEqual([
      '1 помилку',
      '2 помилки',
      '5 помилок',
      '11 помилок',
      '21 помилку',
      '22 помилки',
    ]);
  });

  it('never throws into the chat: an error handler of the app sees nothing, whatever arrives', () => {
    const errorHandler = vi.fn();
    const junk: unknown[] = ['', '[]', '42', 'null', { type: 'grid_view', artifact: 7 }, { type: 'grid_view', artifact: { version: 1 } }, { type: 'grid_view_spec', spec: 'null', rows: [] }, { type: 'grid_view_spec', spec: { grid_id: 'x', columns: [] }, rows: [null, 3] }];
    for (const message of junk) {
      const wrapper = mount(GridViewMessage, { props: { message: message as never }, global: { config: { errorHandler, warnHandler: () => undefined } } });
      expect(wrapper.find('article[data-gv-message]').exists(), String(JSON.stringify(message))).toBe(true);
      wrapper.unmount();
    }
    expect(errorHandler).not.toHaveBeenCalled();
  });

  it('reads a message without throwing and without trusting it', () => {
    expect(readMessage('{')).toMatchObject({ ok: false, problem: { code: 'message_not_json', kind: 'not_json' } });
    expect(readMessage({ type: 'grid_view_spec', spec: '{', rows: [] })).toMatchObject({ ok: false, problem: { code: 'message_not_json', path: 'spec' } });
    expect(readMessage({ type: 'grid_view_spec', spec: wire(), rows: [] })).toMatchObject({ ok: true, type: 'grid_view_spec' });
    expect(readMessage(Object.create({ type: 'grid_view' }) as unknown)).toMatchObject({ ok: false, problem: { code: 'message_not_object' } });
  });
});

describe('GridViewMessage: values are text, never markup', () => {
  const EVIL = '<img src=x onerror="window.__pwned=1">';
  const CLOSE = '</script><script>window.__pwned=2</script>';
  it('renders hostile strings in rows, title, labels, KPI and chart names and the error card literally', async () => {
    const spec = wire({
      title: `${EVIL} ${CLOSE}`,
      columns: [
        { key: 'id', label: 'ID', format: 'number' },
        { key: 'region', label: `Region ${EVIL}` },
        { key: 'amount', label: CLOSE, format: 'currency' },
        { key: 'note', label: 'Note' },
      ],
      kpis: [{ label: `KPI ${EVIL}`, column_key: 'amount', aggregate: 'sum', format: 'currency' }],
      charts: [{ id: 'by_region', chart_type: 'bar', x_key: 'region', series: [{ key: 'amount', label: `Series ${CLOSE}` }] }],
    });
    const hostile: Row[] = [
      { id: 1, region: EVIL, amount: 1, note: CLOSE },
      { id: 2, region: CLOSE, amount: 2, note: EVIL },
    ];
    const written = fakeClipboard();
    const wrapper = mountMessage({ message: JSON.stringify({ type: 'grid_view_spec', spec, rows: hostile }) });
    const article = wrapper.find('article').element;
    expect(article.querySelectorAll('img, script, iframe, object')).toHaveLength(0);
    expect(wrapper.find('.gv-view__title').text()).toBe(`${EVIL} ${CLOSE}`);
    expect(wrapper.find('article').attributes('aria-label')).toBe(`View in a message: ${EVIL} ${CLOSE}`);
    const cells = wrapper.findAll('tbody td[data-cm-col-key="region"], tbody td[data-cm-col-key="note"]').map((cell) => cell.text());
    expect(cells).toEqual([EVIL, CLOSE, CLOSE, EVIL]);
    expect(wrapper.text()).toContain(`KPI ${EVIL}`);
    expect(wrapper.text()).toContain(`Region ${EVIL}`);
    expect(wrapper.find('figcaption').text()).toBe(`Series ${CLOSE} by Region ${EVIL}`);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // Copied as the same text.
    await wrapper.find('[data-gv-message-action="copy"]').trigger('click');
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]!.split('\r\n')[1]).toBe(`1\t${EVIL.replace(/"/g, '""').replace(/^/, '"')}"\t$1.00\t${CLOSE}`);

    // An unknown field named with markup: the card shows its path as text.
    const bad = mountMessage({ message: { type: 'grid_view_spec', spec: { ...wire(), [EVIL]: 1 }, rows } });
    expect(card(bad).attributes('data-gv-code')).toBe('unknown_field');
    expect(card(bad).find('.gv-spec-issues__path').text()).toBe(`spec.[${JSON.stringify(EVIL)}]`);
    expect(bad.find('article').element.querySelectorAll('img, script')).toHaveLength(0);
  });
});

describe('GridViewMessage: actions', () => {
  it('copies the rows the table shows, searched, as tab-separated text, and says so on screen and in a polite live region', async () => {
    const written = fakeClipboard();
    const wrapper = mountMessage({ message: { type: 'grid_view_spec', spec: wire(), rows } });
    await wrapper.find('input[data-cm-search]').setValue('north');
    await waitFor(() => expect(wrapper.find('[data-cm-simple-table]').attributes('data-cm-visible-rows')).toBe('2'));
    await wrapper.find('[data-gv-message-action="copy"]').trigger('click');
    await waitFor(() => expect(wrapper.find('[data-gv-message-status]').text()).toBe('Copied 2 rows'));
    expect(written).toEqual(['ID\tRegion\tAmount\tNote\r\n1\tNorth\t$1,234.50\tfirst\r\n3\tNorth\t$5.00\t"tab\there"']);
  });

  it('copies in the reader\'s locale with Ukrainian plurals, numbers as numbers and text that looks like a formula as text', async () => {
    const written = fakeClipboard();
    const wrapper = mountMessage({ message: { type: 'grid_view_spec', spec: wire(), rows: rows.slice(0, 2) }, locale: 'uk', currency: 'UAH' });
    await wrapper.find('[data-gv-message-action="copy"]').trigger('click');
    await waitFor(() => expect(wrapper.find('[data-gv-message-status]').text()).toBe('Скопійовано 2 рядки'));
    const [, first, second] = written[0]!.split('\r\n');
    expect(first).toMatch(/^1\tNorth\t1\u00a0234,50\u00a0(грн|₴)\tfirst$/u);
    // A negative amount is a number (no apostrophe); the note `=1+1` is text.
    expect(second).toMatch(/^2\tSouth\t-20,00\u00a0(грн|₴)\t'=1\+1$/u);
    expect(wrapper.find('[data-gv-message-action="copy"]').text()).toBe('Копіювати');
  });

  it('says it could not copy, and warns, when the page has no clipboard or the browser refuses', async () => {
    const warnings: GridViewWarning[] = [];
    setWarningHandler((warning) => warnings.push(warning));
    const wrapper = mountMessage({ message: { type: 'grid_view_spec', spec: wire(), rows } });
    await wrapper.find('[data-gv-message-action="copy"]').trigger('click');
    await waitFor(() => expect(wrapper.find('[data-gv-message-status]').text()).toBe('Could not copy: the browser did not allow access to the clipboard.'));
    fakeClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    // The same sentence again is announced again: the region empties before it is said.
    const region = wrapper.find('[data-gv-message-status]').element;
    const said: string[] = [];
    new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, { childList: true, characterData: true, subtree: true });
    await wrapper.find('[data-gv-message-action="copy"]').trigger('click');
    await waitFor(() => expect(said.at(-1)).toContain('Could not copy'));
    expect(said).toEqual(['', 'Could not copy: the browser did not allow access to the clipboard.']);
    expect(warnings.map((w) => w.code)).toEqual(['export_failed', 'export_failed']);
  });

  it('exports XLSX of the rows the table shows through the table\'s export code, and offers no XLSX when the spec turns exports off', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn((blob: Blob) => (blobs.push(blob), `blob:test/${blobs.length}`)) });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const wrapper = mountMessage({ message: { type: 'grid_view', artifact: artifactJson() } });
    await wrapper.find('input[data-cm-search]').setValue('south');
    await waitFor(() => expect(wrapper.find('[data-cm-simple-table]').attributes('data-cm-visible-rows')).toBe('1'));
    await wrapper.find('[data-gv-message-action="xlsx"]').trigger('click');
    await waitFor(() => expect(wrapper.find('[data-gv-message-status]').text()).toBe('The file is ready'));
    expect(names).toEqual(['orders.xlsx']);
    const book = XLSX.read(new Uint8Array(await blobs[0]!.arrayBuffer()), { type: 'array' });
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: null });
    expect(sheet).toEqual([
      ['ID', 'Region', 'Amount', 'Note'],
      [2, 'South', -20, "'=1+1"],
    ]);
    const off = mountMessage({ message: { type: 'grid_view', artifact: artifactJson({ export_xlsx: false }) } });
    expect(off.find('[data-gv-message-action="xlsx"]').exists()).toBe(false);
    expect(off.find('[data-gv-message-action="copy"]').exists()).toBe(true);
  });

  it('offers "Open full view" only to a host that listens, and hands it the artifact with its own layout', async () => {
    const message = { type: 'grid_view_spec', spec: wire({ layout: { blocks: ['title', 'toolbar', 'ag_grid'] } }), rows };
    expect(mountMessage({ message }).find('[data-gv-message-action="open"]').exists()).toBe(false);
    const opened: GridArtifact[] = [];
    const wrapper = mountMessage({ message, format: 'table' }, { onOpenFullView: (artifact: GridArtifact) => opened.push(artifact) });
    const button = wrapper.find('[data-gv-message-action="open"]');
    expect(button.text()).toBe('Open full view');
    await button.trigger('click');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.gridId).toBe('orders');
    expect(opened[0]!.layout.blocks).toEqual(['title', 'toolbar', 'ag_grid']);
    expect(opened[0]!.rows).toBe(rows);
    expect(wrapper.emitted('open-full-view')).toHaveLength(1);
  });

  it('puts the host\'s own actions after its buttons, with the artifact', () => {
    const wrapper = mount(GridViewMessage, {
      props: { message: { type: 'grid_view', artifact: artifactJson() } },
      slots: { actions: ({ artifact }: { artifact: GridArtifact }) => h('button', { type: 'button', class: 'host-edit' }, `Edit ${artifact.gridId}`) },
    });
    const group = wrapper.find('.gv-message__actions');
    expect(group.findAll('button').map((b) => b.text())).toEqual(['Copy', 'Export XLSX', 'Edit orders']);
  });
});

describe('GridViewMessage in the plugin', () => {
  it('is registered as an async component that draws with the plugin\'s GridView, and exported by name', async () => {
    expect(GRID_VIEW_COMPONENT_NAMES).toContain('GridViewMessage');
    expect(ExportedMessage).toBe(GridViewMessage);
    let app: App | undefined;
    const Host: Component = {
      setup: () => () => h(resolveComponent('GridViewMessage') as Component, { message: { type: 'grid_view', artifact: artifactJson() }, format: 'table' }),
    };
    const wrapper = mount(Host, {
      global: {
        plugins: [
          [GridViewPlugin, { locale: 'uk' }],
          { install: (installed: App) => void (app = installed) },
        ],
      },
    });
    const registered = app?.component('GridViewMessage') as { __asyncLoader?: unknown } | undefined;
    expect(typeof registered?.__asyncLoader).toBe('function');
    await waitFor(() => expect(wrapper.find('[data-gv-message-state="view"]').exists()).toBe(true));
    expect(wrapper.findComponent(GridView).exists()).toBe(true);
    expect(blocks(wrapper)).toEqual(['title', 'kpis', 'table']);
    expect(wrapper.find('[data-gv-message-action="copy"]').text()).toBe('Копіювати');
    expect(wrapper.find('article').attributes('aria-label')).toBe('Подання в повідомленні: Orders');
  });
});

describe('GridViewMessage texts and TSV', () => {
  it('holds the same keys and placeholders in every language, with every plural form', () => {
    const placeholders = (text: string): string => Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]).sort().join(',');
    const english = MESSAGE_TEXTS.en;
    for (const [code, texts] of Object.entries(MESSAGE_TEXTS)) {
      expect(Object.keys(texts).sort(), code).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(text), `${code} ${key}`).toBe(placeholders(english[key as keyof typeof english]));
      }
    }
    for (const base of ['message.copied', 'message.error.invalid']) for (const form of ['one', 'few', 'many', 'other']) expect(english).toHaveProperty(`${base}.${form}`);
    const uk = messageTranslator('uk-UA', {});
    expect([0, 1, 2, 5, 21, 22].map((n) => uk.plural('message.copied', n))).toEqual([
      'Скопійовано 0 рядків',
      'Скопійовано 1 рядок',
      'Скопійовано 2 рядки',
      'Скопійовано 5 рядків',
      'Скопійовано 21 рядок',
      'Скопійовано 22 рядки',
    ]);
    // A host rewords a text under its key; a language the package lacks says English.
    expect(messageTranslator('en', { en: { 'message.copy': 'Copy rows' } }).t('message.copy')).toBe('Copy rows');
    expect(messageTranslator('de', {}).plural('message.copied', 1)).toBe('Copied 1 row');
    expect(messageTranslator('not a tag', {}).t('message.open')).toBe('Open full view');
  });

  it('writes TSV fields a spreadsheet reads back: quotes around tabs, breaks and quotes, formulas as text', () => {
    const columns = [
      { key: 'a', label: '=label', format: 'text' as const },
      { key: 'n', label: 'N', format: 'percent' as const },
    ];
    expect(tsvText([], columns, { locale: 'en' })).toBe("'=label\tN");
    expect(tsvText([], [], { locale: 'en' })).toBe('');
    expect(tsvText([{ a: 'x"y\nz', n: 0.125 }, { a: null, n: 'n/a' }, { a: '+1', n: -0.5 }], columns, { locale: 'en' }).split('\r\n')).toEqual([
      "'=label\tN",
      '"x""y\nz"\t12.5%',
      '\tn/a',
      "'+1\t-50.0%",
    ]);
  });
});
