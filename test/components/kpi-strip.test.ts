import { beforeAll, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import KpiStrip from '../../components/KpiStrip.vue';
import { GRID_VIEW_CONTEXT_KEY, createGridViewContext } from '../../src/plugin-context';
import type { ResolvedKpi } from '../../src/core/types';
import { loadCatalog } from '../../src/core/i18n/translator';

// These components are mounted without GridViewPlugin, which would register every shipped catalog;
// load Ukrainian up front as the plugin would (the on-demand path: catalog-loading.test.ts).
beforeAll(() => loadCatalog('uk'));

const kpi = (over: Partial<ResolvedKpi> = {}): ResolvedKpi => ({
  label: 'Revenue',
  aggregate: 'sum',
  columnKey: 'amount',
  format: 'number',
  value: 1234.5,
  display: '1,234.5',
  icon: 'money',
  tone: 'neutral',
  sampleSize: 3,
  ...over,
});

describe('KpiStrip', () => {
  it('renders a card per KPI with label, value and the fixed glyph of its icon', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi(), kpi({ label: 'Orders', icon: 'cart', value: 7, display: '7' })] } });
    const cards = wrapper.findAll('li.gv-kpi');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.find('.gv-kpi__label').text()).toBe('Revenue');
    expect(cards[0]!.find('.gv-kpi__value').text()).toBe('1,234.5');
    expect(cards[1]!.find('.gv-kpi__value').text()).toBe('7');
    const icon = cards[0]!.find('svg.gv-kpi__icon');
    expect(icon.attributes('aria-hidden')).toBe('true');
    expect(icon.findAll('path').length + icon.findAll('circle').length).toBeGreaterThan(0);
    expect(wrapper.find('section').attributes('aria-label')).toBe('Key figures');
  });

  it('takes the accessible name it is given, so two strips on one page are told apart', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi()], label: 'Key figures: Sales 2025' } });
    expect(wrapper.find('section').attributes('aria-label')).toBe('Key figures: Sales 2025');
  });

  it('says the tone in words, shows a symbol and sets a class, and says nothing for neutral', () => {
    const tones = ['good', 'bad', 'warning', 'info', 'neutral'] as const;
    const wrapper = mount(KpiStrip, { props: { kpis: tones.map((tone) => kpi({ label: tone, tone })) } });
    const cards = wrapper.findAll('li.gv-kpi');
    const words = ['Good', 'Bad', 'Warning', 'Info'];
    words.forEach((word, i) => {
      const card = cards[i]!;
      expect(card.classes()).toContain(`gv-kpi--tone-${tones[i]}`);
      expect(card.attributes('data-gv-tone')).toBe(tones[i]);
      expect(card.find('.gv-kpi__tone .gv-visually-hidden').text()).toBe(word);
      expect(card.find('.gv-kpi__tone-symbol').attributes('aria-hidden')).toBe('true');
      expect(card.find('.gv-kpi__tone-symbol').text()).not.toBe('');
    });
    expect(cards[4]!.find('.gv-kpi__tone').exists()).toBe(false);
  });

  it('speaks the tone words of the active locale', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi({ tone: 'bad' })], locale: 'uk' } });
    expect(wrapper.find('.gv-kpi__tone .gv-visually-hidden').text()).toBe('Погано');
    expect(wrapper.find('section').attributes('aria-label')).toBe('Ключові показники');
  });

  it('shows a dash with an accessible "no data" for a null value', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi({ value: null, display: '—' })] } });
    const value = wrapper.find('.gv-kpi__value');
    expect(value.find('[aria-hidden="true"]').text()).toBe('—');
    expect(value.find('.gv-visually-hidden').text()).toBe('no data');
    expect(wrapper.find('li').classes()).toContain('gv-kpi--empty');
  });

  it('clamps columns to 1..6, defaults to 4 and never exceeds the number of cards', () => {
    const many = Array.from({ length: 8 }, (_, i) => kpi({ label: `k${i}` }));
    const cols = (columns: number | undefined, kpis = many): string | undefined =>
      mount(KpiStrip, { props: { kpis, ...(columns === undefined ? {} : { columns }) } }).find('section').attributes('data-gv-columns');
    expect(cols(undefined)).toBe('4');
    expect(cols(0)).toBe('1');
    expect(cols(-3)).toBe('1');
    expect(cols(9)).toBe('6');
    expect(cols(2.6)).toBe('3');
    expect(cols(Number.NaN)).toBe('4');
    expect(cols(6, many.slice(0, 2))).toBe('2');
    const style = mount(KpiStrip, { props: { kpis: many, columns: 5 } }).find('section').attributes('style');
    expect(style).toContain('--gv-kpi-columns: 5');
  });

  it('re-formats values for the locale chosen by the plugin or a prop', () => {
    const wrapper = mount(KpiStrip, {
      props: { kpis: [kpi({ value: 1234.5, display: '1,234.5' }), kpi({ format: 'currency', value: 10, display: '$10.00' })] },
      global: { provide: { [GRID_VIEW_CONTEXT_KEY]: createGridViewContext({ locale: 'uk', currency: 'UAH' }) } },
    });
    const values = wrapper.findAll('.gv-kpi__value').map((v) => v.text());
    expect(values[0]).toBe('1\u00a0234,5');
    expect(values[1]).toContain('₴');
  });

  it('renders markup in labels, displays and icon names as text and draws no unknown icon', () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const wrapper = mount(KpiStrip, {
      props: { kpis: [kpi({ label: evil, display: evil, icon: evil as never, tone: evil as never })] },
      attachTo: document.body,
    });
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(wrapper.find('.gv-kpi__label').text()).toBe(evil);
    // An unknown tone is treated as neutral; an unknown icon draws nothing.
    expect(wrapper.find('li').classes()).toContain('gv-kpi--tone-neutral');
    expect(wrapper.find('svg').exists()).toBe(false);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    wrapper.unmount();
  });

  it('shows a long value in compact notation with the full value as tooltip and accessible text', () => {
    const wrapper = mount(KpiStrip, {
      props: { kpis: [kpi({ format: 'currency', value: 410082320.97, display: '' })], locale: 'uk', currency: 'USD' },
    });
    const value = wrapper.find('.gv-kpi__value');
    expect(value.classes()).toContain('gv-kpi__value--compact');
    const shown = value.find('.gv-kpi__number');
    expect(shown.attributes('aria-hidden')).toBe('true');
    expect(shown.text()).toBe('410\u00a0млн\u00a0$');
    // Screen readers hear the whole amount with the currency's Ukrainian name (never "U S D");
    // the tooltip shows the whole amount.
    expect(value.find('.gv-visually-hidden').text()).toMatch(/^410\s082\s320,97\sдолара США$/u);
    expect(value.attributes('title')).toMatch(/^410\s082\s320,97\s\$ · Сума$/u);
    expect(value.attributes('style')).toContain(`--gv-kpi-chars: ${[...shown.text()].length}`);
  });

  it('keeps a short value whole, names the currency in words for screen readers only', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi({ format: 'currency', value: 35.5 }), kpi({ value: 7 })], locale: 'en' } });
    const [money, count] = wrapper.findAll('.gv-kpi__value');
    expect(money!.classes()).not.toContain('gv-kpi__value--compact');
    expect(money!.find('.gv-kpi__number').text()).toBe('$35.50');
    expect(money!.find('.gv-visually-hidden').text()).toBe('35.50 US dollars');
    expect(money!.attributes('title')).toBe('Sum');
    // Nothing to add for a plain number: the visible text is the accessible text.
    expect(count!.text()).toBe('7');
    expect(count!.find('.gv-kpi__number').attributes('aria-hidden')).toBeUndefined();
  });

  it('explains each tone badge in words as a tooltip too', () => {
    const wrapper = mount(KpiStrip, { props: { kpis: [kpi({ tone: 'warning' })], locale: 'uk' } });
    expect(wrapper.find('.gv-kpi__tone').attributes('title')).toBe('Увага');
  });
});
