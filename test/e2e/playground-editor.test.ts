/**
 * The playground's spec editor in Chromium: a valid spec renders a view, a broken one lists its
 * issues with their codes and paths (their sentences in the reader's language), invalid JSON gets
 * its own message, and markup in a spec is shown as text, never run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, waitUntil } from './helpers/browser';
import { usePlayground } from './helpers/playground-fixture';

const app = usePlayground({ page: {} });

beforeAll(() => {
  // A dialog would mean markup from a spec ran as code; fail loudly instead of blocking.
  app.page.on('dialog', (dialog) => {
    app.errors.push(`dialog opened: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

const status = () => app.page.locator('[data-testid="spec-status"]');

async function typeSpec(source: string): Promise<void> {
  await app.page.locator('[data-testid="spec-source"]').fill(source);
}

async function issues(): Promise<{ code: string; path: string }[]> {
  const items = app.page.locator('.gv-spec-issues__item');
  const out: { code: string; path: string }[] = [];
  for (const item of await items.all()) {
    out.push({
      code: ((await item.getAttribute('data-gv-code')) ?? '').trim(),
      path: ((await item.locator('.gv-spec-issues__path').textContent()) ?? '').trim(),
    });
  }
  return out;
}

describe('playground spec editor', () => {
  it('renders the example spec as a view', async () => {
    await app.open('editor');
    await app.page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    const view = app.page.locator('[data-testid="page-editor"] .gv-view');
    await expect(view.locator('.gv-view__title').textContent()).resolves.toBe('Sales 2024–2025');
    await expect(view.locator('.gv-chart').count()).resolves.toBe(3);
    // The preview's table is narrower than the page and scrolls sideways: a person's name is still
    // whole (its column kept 160 px and cut 15 of 25 names to "Оксана Литвин…").
    await view.locator('.gv-table tbody tr[data-cm-row-index]').first().waitFor();
    const cutTexts = await view.evaluate((root) =>
      Array.from(root.querySelectorAll<HTMLElement>('.gv-table tbody td.gv-table__cell'))
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent ?? ''),
    );
    expect(cutTexts).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('lists forbidden rows and a bad grid_id with their codes and paths', async () => {
    await typeSpec(JSON.stringify({ grid_id: 'Sales Q1', rows: [{ region: 'North' }], columns: [{ key: 'region', label: 'Region' }] }));
    await app.page.locator('[data-testid="spec-status"][data-state="invalid"]').waitFor();
    await expect(app.page.locator('[data-testid="page-editor"] .gv-view:not(.gv-view--invalid)').count()).resolves.toBe(0);
    const found = await issues();
    expect(found).toContainEqual({ code: 'forbidden_rows', path: 'rows' });
    expect(found).toContainEqual({ code: 'invalid_pattern', path: 'grid_id' });
    await expect(status().textContent()).resolves.toContain(`${found.length}`);
    await saveScreenshot(app.page, 'editor-issues');
    expect(app.errors).toEqual([]);
  });

  it('lists every rule the broken example breaks', async () => {
    await app.page.locator('[data-testid="broken-example"]').click();
    await waitUntil(app.page, () => document.querySelectorAll('.gv-spec-issues__item[data-gv-code="forbidden_sql"]').length > 0);
    const codes = new Set((await issues()).map((issue) => issue.code));
    for (const code of ['invalid_pattern', 'forbidden_rows', 'forbidden_kpi_value', 'forbidden_option', 'forbidden_sql', 'unsafe_url', 'invalid_enum']) {
      expect(codes, code).toContain(code);
    }
    expect(app.errors).toEqual([]);
  });

  it('says when the text is not JSON at all', async () => {
    await typeSpec('{ "grid_id": "sales", ');
    await app.page.locator('[data-testid="spec-status"][data-state="json_error"]').waitFor();
    const said = (await status().textContent()) ?? '';
    expect(said).toContain('Not valid JSON');
    // A code and the reader's own words, not the engine's English message.
    expect(said).toContain('json_syntax');
    expect(said).not.toMatch(/Unexpected|Expected/);
    await expect(app.page.locator('.gv-spec-issues').count()).resolves.toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('shows markup in a title and a label as text and never runs it', async () => {
    const title = '<img src=x onerror=alert(1)><b>Bold?</b>';
    await typeSpec(JSON.stringify({ grid_id: 'probe', title, columns: [{ key: 'region', label: '<script>alert(2)</script>' }] }));
    await app.page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    const view = app.page.locator('[data-testid="page-editor"] .gv-view');
    await expect(view.locator('.gv-view__title').textContent()).resolves.toBe(title);
    await expect(view.locator('img, b, script').count()).resolves.toBe(0);
    await expect(view.locator('th[data-cm-col-key="region"]').textContent()).resolves.toContain('<script>alert(2)</script>');
    await app.page.locator('[data-testid="reset-example"]').click();
    await app.page.locator('[data-testid="spec-status"][data-state="valid"]').waitFor();
    await view.locator('.gv-chart').first().waitFor();
    await saveScreenshot(app.page, 'editor');
    expect(app.errors).toEqual([]);
  });

  it('says every issue in Ukrainian when the reader reads Ukrainian, quoting the spec as written', async () => {
    const locale = app.page.locator('[data-testid="locale-switch"]');
    await locale.selectOption('uk');
    try {
      await typeSpec(JSON.stringify({ grid_id: 'Sales Q1', rows: [{ region: 'North' }], columns: [{ key: 'region', label: 'Region', format: 'money' }] }));
      await app.page.locator('[data-testid="spec-status"][data-state="invalid"]').waitFor();
      // The Ukrainian issue texts load on demand: until they are there, English messages stand in (lang="en").
      await waitUntil(app.page, () => document.querySelectorAll('.gv-spec-issues__sentence').length > 0 && document.querySelectorAll('.gv-spec-issues__sentence[lang="en"]').length === 0);
      const said = Object.fromEntries(
        await app.page.locator('.gv-spec-issues__item').evaluateAll((items) =>
          items.map((item) => [item.querySelector('.gv-spec-issues__path')?.textContent?.trim() ?? '', item.querySelector('.gv-spec-issues__message')?.textContent?.trim() ?? '']),
        ),
      ) as Record<string, string>;
      expect(Object.keys(said).sort()).toEqual(['columns[0].format', 'grid_id', 'rows']);
      expect(said.grid_id).toContain('grid_id має починатися з малої латинської літери й містити лише a-z, 0-9, _ і -; отримано: текст "Sales Q1". Спробуйте «sales_q1».');
      expect(said.rows).toContain('«rows» не можна вказувати в описі');
      expect(said['columns[0].format']).toContain('columns[0].format: очікується одне зі значень "text", "number", "currency", "percent"; отримано: текст "money".');
      // Not one word of the parser's English sentences is left.
      for (const text of Object.values(said)) expect(text).not.toMatch(/\b(?:must|got|allowed|Remove|Try|one of)\b/);
      expect(app.errors).toEqual([]);
    } finally {
      await locale.selectOption('en');
    }
  });
});
