import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/ssr';
import type { GridViewSpecWire } from '../../src/core/types';
import dashboardSpec from '../../playground/specs/sales-dashboard.json';
import { localiseSpec } from '../../playground/shared/labels';
import { generateSales } from '../../playground/shared/data';

/** Words of three or more Latin letters in every text of the English spec (labels, titles, keys). */
function vocabulary(spec: GridViewSpecWire): Set<string> {
  const words = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const word of value.match(/[A-Za-z]{3,}/g) ?? []) words.add(word.toLowerCase());
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (!['export_pdf_url', 'chart_type', 'aggregate', 'format', 'icon', 'tone', 'align', 'wrapper', 'search_mode', 'blocks', 'width', 'id', 'grid_id'].includes(key)) visit(inner);
    }
  };
  visit(spec);
  return words;
}

/** What a reader sees or hears: text nodes plus accessible names and tooltips, without the stylesheet. */
function readerText(html: string): string {
  const attributes = [...html.matchAll(/\s(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map((m) => m[1]);
  const text = html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ');
  return `${text} ${attributes.join(' ')}`;
}

describe('a Ukrainian view of a spec with Ukrainian labels', () => {
  it('contains no English word of the spec’s own vocabulary', async () => {
    const english = dashboardSpec as GridViewSpecWire;
    const spec = localiseSpec(english, 'uk');
    // Data values are the data's business, not the spec's; keep them out of the check.
    const rows = generateSales(300).map((row) => ({ ...row, region: 'Північ', product: 'Ноутбук', channel: 'Онлайн' }));
    const html = await renderHtml(spec, rows, { locale: 'uk', currency: 'USD' });
    const words = new Set((readerText(html).match(/[A-Za-z]{3,}/g) ?? []).map((word) => word.toLowerCase()));
    const leaked = [...vocabulary(english)].filter((word) => words.has(word));
    expect(leaked).toEqual([]);
    // The check has teeth: the English rendering does contain the vocabulary.
    const englishHtml = await renderHtml(english, rows, { locale: 'en' });
    expect(readerText(englishHtml)).toContain('Revenue');
  });
});
