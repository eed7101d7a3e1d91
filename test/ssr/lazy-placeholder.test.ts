/**
 * `lazyPlaceholder`: the markup a server page writes where a lazy block goes (what the browser
 * bundle's src/browser/lazy.ts looks for), its texts in the page's language, the link for readers
 * without JavaScript, and the checks on what it is given. The markup is read back with jsdom's HTML
 * parser, as a browser reads it, so an escape that went wrong shows as a wrong attribute or element.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { lazyPlaceholder } from '../../src/ssr/index';

/** The placeholder as a browser without scripting parses it (the `noscript` link is then markup). */
function parsed(html: string): Element {
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  const body = dom.window.document.body;
  expect(body.children).toHaveLength(1);
  return body.children[0] as Element;
}

describe('lazyPlaceholder', () => {
  it('writes the element the bundle watches: its URL, busy, a status line saying "Loading…" and a link to the fragment', () => {
    const html = lazyPlaceholder('/grid/lazy/?block=regional&region=north');
    expect(html).toBe(
      '<div class="gv-lazy" data-gv-lazy data-gv-lazy-url="/grid/lazy/?block=regional&amp;region=north" aria-busy="true">' +
        '<p class="gv-lazy__status" role="status" data-gv-lazy-status><span class="gv-lazy__message" data-gv-lazy-message>Loading…</span></p>' +
        '<noscript><p class="gv-lazy__fallback"><a class="gv-lazy__link" href="/grid/lazy/?block=regional&amp;region=north">Open this part</a></p></noscript>' +
        '</div>',
    );
    const block = parsed(html);
    expect(block.getAttribute('data-gv-lazy-url')).toBe('/grid/lazy/?block=regional&region=north');
    expect(block.querySelector('a')?.getAttribute('href')).toBe('/grid/lazy/?block=regional&region=north');
  });

  it('names the block above "Loading…" and in the link when given a label, and keeps space with minHeight', () => {
    const block = parsed(lazyPlaceholder('/grid/lazy/?block=regional', { label: '  Regional sales ', minHeight: 320.4 }));
    expect(block.querySelector('[data-gv-lazy-status]')?.textContent).toBe('Regional sales Loading…');
    expect(block.querySelector('.gv-lazy__label')?.textContent).toBe('Regional sales');
    expect(block.querySelector('a')?.textContent).toBe('Regional sales');
    expect(block.getAttribute('style')).toBe('min-height:320px');
    expect(parsed(lazyPlaceholder('/x', { minHeight: '20rem' })).getAttribute('style')).toBe('min-height:20rem');
    // A blank label is no label.
    expect(parsed(lazyPlaceholder('/x', { label: ' ' })).querySelector('.gv-lazy__label')).toBeNull();
  });

  it('writes its texts in the page\'s language from the catalogs, with the page\'s overrides winning', () => {
    const block = parsed(lazyPlaceholder('/x', { locale: 'uk-UA' }));
    expect(block.querySelector('[data-gv-lazy-message]')?.textContent).toBe('Завантаження…');
    expect(block.querySelector('a')?.textContent).toBe('Відкрити цю частину');
    const overridden = parsed(lazyPlaceholder('/x', { locale: 'uk', messages: { uk: { 'lazy.loading': 'Хвилинку…' } } }));
    expect(overridden.querySelector('[data-gv-lazy-message]')?.textContent).toBe('Хвилинку…');
    // A language without a catalog, or an invalid tag, reads English.
    expect(parsed(lazyPlaceholder('/x', { locale: 'not a tag!' })).querySelector('[data-gv-lazy-message]')?.textContent).toBe('Loading…');
  });

  it('escapes every value it writes: a URL or label with quotes and markup stays one attribute and text', () => {
    const url = '/grid/lazy/?block=a"><img/src=x/onerror=alert(1)>&q=\'';
    const label = '<img src=x onerror="alert(1)"> & "Sales"';
    const html = lazyPlaceholder(url, { label });
    expect(html).not.toContain('<img');
    const block = parsed(html);
    expect(block.querySelectorAll('img')).toHaveLength(0);
    expect(block.getAttribute('data-gv-lazy-url')).toBe(url);
    expect(block.querySelector('.gv-lazy__label')?.textContent).toBe(label);
    expect(block.querySelector('a')?.getAttribute('href')).toBe(url);
    expect(block.querySelector('a')?.textContent).toBe(label);
  });

  it('accepts http(s), protocol-relative and relative URLs', () => {
    for (const url of ['https://reports.example/grid/lazy/?block=a', 'http://localhost:8000/lazy', '//cdn.example/lazy', '/grid/lazy/?block=a', 'lazy?block=a', '?block=a', '#top']) {
      expect(parsed(lazyPlaceholder(url)).getAttribute('data-gv-lazy-url')).toBe(url);
    }
  });

  it('refuses any other URL with an error that says what it must be, so an unsafe link is never written', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'https:/\\evil.example', '/a b', '', 'mailto:a@b.c']) {
      expect(() => lazyPlaceholder(url), url).toThrow(new TypeError(`lazyPlaceholder: the fragment URL must be http(s) or relative (a path, query or fragment, its spaces encoded); got ${JSON.stringify(url)}.`));
    }
    expect(() => lazyPlaceholder(undefined as unknown as string)).toThrow(TypeError);
  });

  it('refuses a minHeight that is not a plain length, since it is written into a style attribute', () => {
    for (const minHeight of [-1, Number.NaN, Number.POSITIVE_INFINITY, '10', '1px;background:url(https://evil.example)', '10%', 'calc(1px)', '']) {
      expect(() => lazyPlaceholder('/x', { minHeight }), String(minHeight)).toThrow(RangeError);
    }
    expect(() => lazyPlaceholder('/x', { minHeight: 'expression(alert(1))' })).toThrow(/minHeight must be a number of pixels or a length such as "20rem"/);
  });
});
