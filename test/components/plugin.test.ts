/* eslint-disable vue/one-component-per-file -- tiny inline host components are the point of these tests */
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@vue/test-utils';
import { createApp, defineComponent, h } from 'vue';
import { GridViewPlugin, useGridViewOptions } from '../../src/plugin';
import type { GridViewContext, GridViewPluginOptions } from '../../src/plugin';
import KpiStrip from '../../components/KpiStrip.vue';
import type { GridViewHost } from '../../src/host/types';
import type { ResolvedKpi } from '../../src/core/types';

function captureContext(options?: GridViewPluginOptions): GridViewContext {
  let captured: GridViewContext | undefined;
  const Probe = defineComponent({
    setup() {
      captured = useGridViewOptions();
      return () => h('div');
    },
  });
  mount(Probe, options === undefined ? {} : { global: { plugins: [[GridViewPlugin, options]] } });
  if (!captured) throw new Error('setup did not run');
  return captured;
}

const fakeHost = (over: Partial<GridViewHost> = {}): GridViewHost => ({
  translate: (key) => key,
  urlFor: (route, params) => {
    if (route !== 'export_pdf') throw new Error(`unknown route ${route}`);
    return `/host/pdf?${new URLSearchParams(params as Record<string, string>).toString()}`;
  },
  templateExists: () => false,
  renderHostTemplate: () => '',
  getGridPrefs: async () => ({ colPresets: {}, searches: [], updatedAt: null }),
  saveGridPrefs: async () => ({ localOnly: true, prefs: { colPresets: {}, searches: [], updatedAt: null } }),
  filterStateFromRequest: () => ({ search: '', sort: null, filters: {} }),
  currentSubjectId: () => null,
  ...over,
});

describe('the . entry', () => {
  it('exports the very components the plugin registers, and no core or host names (those come from vue-grid-view/core)', async () => {
    const entry = await import('../../src/index');
    const app = createApp({ render: () => null });
    app.use(entry.GridViewPlugin);
    for (const name of ['GridView', 'KpiStrip', 'ChartBlock', 'SimpleTable'] as const) expect(app.component(name), name).toBe(entry[name]);
    expect(entry.useGridViewOptions).toBe(useGridViewOptions);
    for (const coreName of ['parseGridViewSpecJson', 'resolveKpis', 'createTranslator', 'messages', 'MemoryHost', 'HttpHost']) expect(Object.keys(entry)).not.toContain(coreName);
  });
});

describe('GridViewPlugin', () => {
  it('registers GridView, KpiStrip, ChartBlock and SimpleTable globally', () => {
    const app = createApp({ render: () => null });
    app.use(GridViewPlugin);
    for (const name of ['GridView', 'KpiStrip', 'ChartBlock', 'SimpleTable']) expect(app.component(name), name).toBeDefined();
    expect(app.config.globalProperties.$gridView.installed).toBe(true);
  });

  it('provides every option through the injection key', () => {
    const host = fakeHost();
    const openOrder = vi.fn();
    const context = captureContext({
      locale: 'uk',
      currency: 'EUR',
      host,
      routes: { grid_prefs: '/prefs/', export_pdf: '/pdf/' },
      chartTheme: 'dark',
      chartRenderer: 'svg',
      actions: { openOrder },
      messages: { uk: { 'table.no_rows': 'Порожньо' } },
    });
    expect(context.installed).toBe(true);
    expect(context.locale).toBe('uk');
    expect(context.currency).toBe('EUR');
    expect(context.host).toBe(host);
    expect(context.chartTheme).toBe('dark');
    expect(context.chartRenderer).toBe('svg');
    expect(context.actions.openOrder).toBe(openOrder);
    expect(context.preferencesUrl).toBe('/prefs/');
    expect(context.translator.t('table.no_rows')).toBe('Порожньо');
    expect(context.translator.t('table.search.placeholder')).toBe('Пошук…');
  });

  it('gives sane defaults when the plugin is not installed', () => {
    const context = captureContext();
    expect(context.installed).toBe(false);
    expect(context.locale).toBe('en');
    expect(context.currency).toBe('USD');
    expect(context.host).toBeNull();
    expect(context.chartTheme).toBe('auto');
    expect(context.chartRenderer).toBe('canvas');
    expect(context.preferencesUrl).toBe('');
    expect(context.urlFor('export_pdf')).toBeNull();
    expect(context.translator.t('table.no_rows')).toBe('No rows');
  });

  it('resolves routes from the routes option first, then the host, with encoded query params', () => {
    const context = captureContext({ routes: { lazy: '/grid/lazy/?v=1#top' }, host: fakeHost() });
    expect(context.urlFor('lazy', { block: 'a b&c', page: 2, skip: null })).toBe('/grid/lazy/?v=1&block=a%20b%26c&page=2#top');
    expect(context.urlFor('export_pdf', { builder: 'sales' })).toBe('/host/pdf?builder=sales');
    // The host throws for routes it does not know: urlFor answers null instead of throwing.
    expect(context.urlFor('export_xlsx')).toBeNull();
  });

  it('lets an explicit empty preferencesUrl disable the preferences POST', () => {
    expect(captureContext({ routes: { grid_prefs: '/prefs/' }, preferencesUrl: '' }).preferencesUrl).toBe('');
  });

  it('falls back for unknown theme and renderer values', () => {
    const context = captureContext({ chartTheme: 'neon' as never, chartRenderer: 'webgl' as never });
    expect(context.chartTheme).toBe('auto');
    expect(context.chartRenderer).toBe('canvas');
  });

  it('uses the host translate after message overrides', () => {
    const host = fakeHost({ translate: (key) => (key === 'kpi.tone.good' ? 'Great' : key) });
    const context = captureContext({ host, messages: { en: { 'kpi.tone.bad': 'Awful' } } });
    expect(context.translator.t('kpi.tone.good')).toBe('Great');
    expect(context.translator.t('kpi.tone.bad')).toBe('Awful');
    expect(context.translator.t('kpi.tone.info')).toBe('Info');
  });

  it('lets the active locale win over a host that falls back to the English catalog', () => {
    const english: Record<string, string> = { 'table.no_rows': 'No rows', 'custom.key': 'Custom' };
    const host = fakeHost({ translate: (key) => english[key] ?? key });
    const context = captureContext({ host, locale: 'uk' });
    expect(context.translator.t('table.no_rows')).toBe('Немає рядків');
    // Keys only the host knows still come from the host.
    expect(context.translator.t('custom.key')).toBe('Custom');
  });

  it('treats a host translate that throws as not knowing the key', () => {
    const host = fakeHost({
      translate: () => {
        throw new Error('boom');
      },
    });
    expect(captureContext({ host }).translator.t('table.no_rows')).toBe('No rows');
  });

  it('re-renders components when the locale is switched with configure', async () => {
    const kpis: ResolvedKpi[] = [
      { label: 'A', aggregate: 'sum', columnKey: 'a', format: 'number', value: 1234.5, display: '1,234.5', icon: null, tone: 'good', sampleSize: 1 },
    ];
    const wrapper = mount(KpiStrip, { props: { kpis }, global: { plugins: [[GridViewPlugin, { locale: 'en' }]] } });
    expect(wrapper.find('.gv-kpi__tone .gv-visually-hidden').text()).toBe('Good');
    wrapper.vm.$gridView.configure({ locale: 'uk' });
    await wrapper.vm.$nextTick();
    expect(wrapper.find('.gv-kpi__tone .gv-visually-hidden').text()).toBe('Добре');
    expect(wrapper.find('.gv-kpi__value').text()).toBe('1\u00a0234,5');
  });
});

describe('GridViewPlugin onWarn', () => {
  it('receives the warnings of every component of the app instead of the console', async () => {
    const { setWarningHandler } = await import('../../src/core/warn');
    const { formatValue } = await import('../../src/core/format');
    const onWarn = vi.fn();
    const print = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    captureContext({ onWarn });
    formatValue(1, 'currency', { currency: 'XX1' });
    setWarningHandler(null);
    print.mockRestore();
    expect(onWarn).toHaveBeenCalledWith(expect.objectContaining({ code: 'currency_fallback' }));
    expect(print).not.toHaveBeenCalled();
  });
});
