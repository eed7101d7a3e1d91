import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDisposition, exportFileName, checkExportTable } from '../../src/server/exports/table';
import { sheetName } from '../../src/core/safety';
import { createThrottle } from '../../src/server/throttle';
import { errorToResponse, HttpError, PreferencesStorageError } from '../../src/server/errors';
import { findDuplicateJsonKey } from '../../src/server/json-keys';
import { refuseRepeatedParams, singleQueryValue } from '../../src/server/query';

describe('createThrottle', () => {
  it('allows limit hits per window per key and reports the wait in whole seconds', () => {
    let now = 0;
    const throttle = createThrottle({ limit: 2, windowMs: 10_000 }, () => now);
    expect(throttle.hit('a')).toEqual({ allowed: true });
    now = 4_000;
    expect(throttle.hit('a')).toEqual({ allowed: true });
    expect(throttle.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(throttle.hit('b')).toEqual({ allowed: true });
    now = 10_001;
    expect(throttle.hit('a')).toEqual({ allowed: true });
    expect(throttle.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 4 });
  });

  it('never reports less than one second', () => {
    let now = 0;
    const throttle = createThrottle({ limit: 1, windowMs: 1_000 }, () => now);
    throttle.hit('k');
    now = 999.5;
    expect(throttle.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('forgets expired keys when many callers have come and gone', () => {
    let now = 0;
    const throttle = createThrottle({ limit: 1, windowMs: 1_000 }, () => now);
    for (let i = 0; i < 10_000; i++) throttle.hit(`k${i}`);
    expect(throttle.size).toBe(10_000);
    now = 5_000;
    throttle.hit('fresh');
    expect(throttle.size).toBe(1);
  });
});

describe('createThrottle at scale', () => {
  it('costs about the same per hit with 30,000 live keys as with none (O(1), not a scan of every key)', () => {
    // Before: past 10,000 live keys every hit scanned the whole map and removed nothing (20,000 hits
    // over 30,000 live keys took 14 s). Timed as a ratio, best of 3, in this process's own CPU time
    // (not the wall clock, which also counts the time other processes of a parallel test run hold
    // the core), so a busy machine slows neither side.
    const timeNewKeys = (live: number): number => {
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        let now = 0;
        const throttle = createThrottle({ limit: 5, windowMs: 60_000 }, () => now);
        for (let i = 0; i < live; i++) throttle.hit(`live${i}`);
        const started = process.cpuUsage();
        for (let i = 0; i < 5_000; i++) {
          now += 1;
          throttle.hit(`new${i}`);
        }
        const spent = process.cpuUsage(started);
        best = Math.min(best, (spent.user + spent.system) / 1000);
        expect(throttle.size).toBe(live + 5_000);
      }
      return best;
    };
    const empty = timeNewKeys(0);
    const crowded = timeNewKeys(30_000);
    expect(crowded / Math.max(empty, 0.5)).toBeLessThan(10);
  });

  it('expires keys as the window passes them, oldest first, and keeps later hits counted', () => {
    let now = 0;
    const throttle = createThrottle({ limit: 2, windowMs: 1_000 }, () => now);
    throttle.hit('a');
    now = 500;
    throttle.hit('b');
    now = 900;
    throttle.hit('a'); // a's latest hit is now after b's
    now = 1_600;
    expect(throttle.hit('c')).toEqual({ allowed: true });
    expect(throttle.size).toBe(2); // b expired; a (hit at 900) and c are live
    expect(throttle.hit('a')).toEqual({ allowed: true }); // a's hit at 0 left the window
    expect(throttle.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('never tracks more than maxKeys keys and warns once when it starts forgetting live ones', () => {
    const warnings: string[] = [];
    let now = 0;
    const throttle = createThrottle({ limit: 1, windowMs: 60_000, maxKeys: 1_000 }, () => now, (message) => warnings.push(message));
    for (let i = 0; i < 5_000; i++) {
      now++;
      expect(throttle.hit(`k${i}`)).toEqual({ allowed: true });
      expect(throttle.size).toBeLessThanOrEqual(1_000);
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/maxKeys/);
    // The most recent callers are still limited; the least recently seen were forgotten.
    expect(throttle.hit('k4999').allowed).toBe(false);
    expect(throttle.hit('k0').allowed).toBe(true);
  });

  it('refuses a maxKeys that is not a positive integer', () => {
    expect(() => createThrottle({ limit: 1, windowMs: 1, maxKeys: 0 })).toThrow(RangeError);
    expect(() => createThrottle({ limit: 1, windowMs: 1, maxKeys: 1.5 })).toThrow(RangeError);
  });
});

describe('export file names', () => {
  const table = (fields: object) => checkExportTable({ columns: [{ key: 'a', label: 'A' }], rows: [], ...fields }, 'key');

  it('falls back from fileName to title to the builder key and ensures the extension', () => {
    expect(exportFileName(table({ fileName: 'report.PDF' }), 'key', 'pdf')).toBe('report.pdf');
    expect(exportFileName(table({ title: 'Sales Q1' }), 'key', 'xlsx')).toBe('Sales Q1.xlsx');
    expect(exportFileName(table({}), 'orders', 'xlsx')).toBe('orders.xlsx');
    expect(exportFileName(table({ title: '///' }), 'orders', 'pdf')).toBe('orders.pdf');
  });

  it('removes path separators, control and reserved characters, and leading dots', () => {
    expect(exportFileName(table({ fileName: '../../etc/passwd' }), 'k', 'pdf')).toBe('etc passwd.pdf');
    expect(exportFileName(table({ fileName: 'a\u0000b\r\nc<d>e|f?g*h' }), 'k', 'pdf')).toBe('a b c d e f g h.pdf');
    expect(exportFileName(table({ fileName: 'x'.repeat(300) }), 'k', 'pdf')).toBe(`${'x'.repeat(150)}.pdf`);
  });

  it('writes an ASCII fallback and the exact UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('Café Звіт.xlsx')).toBe(`attachment; filename="Cafe ____.xlsx"; filename*=UTF-8''Caf%C3%A9%20%D0%97%D0%B2%D1%96%D1%82.xlsx`);
    expect(contentDisposition("it's (1)*.pdf")).toBe(`attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`);
    expect(contentDisposition('50%;x.pdf')).toBe(`attachment; filename="50__x.pdf"; filename*=UTF-8''50%25%3Bx.pdf`);
  });
});

describe('sheetName', () => {
  it.each([
    [undefined, 'Sheet1'],
    ['', 'Sheet1'],
    ['[]:*?/\\', 'Sheet1'],
    ["'quoted'", 'quoted'],
    ['History', 'History_'],
    ['a'.repeat(40), 'a'.repeat(31)],
    ['Продажі за перший квартал 2024 року', 'Продажі за перший квартал 2024'],
    [`${'x'.repeat(30)}😀`, 'x'.repeat(30)],
  ])('turns %j into %j', (input, expected) => {
    expect(sheetName(input)).toBe(expected);
  });
});

describe('errorToResponse', () => {
  const request = new Request('http://x/grid/preferences/');

  it('uses the status, message and headers of an HttpError', async () => {
    const res = errorToResponse(new HttpError(429, 'Slow down.', { 'Retry-After': '7' }), request, () => undefined);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({ status: 'error', code: 'rate_limited', message: 'Slow down.' });
  });

  it('maps storage errors to 503 and anything else to 500, logging both', async () => {
    const logged: unknown[] = [];
    const storage = errorToResponse(new PreferencesStorageError('db down'), request, (e) => logged.push(e));
    expect(storage.status).toBe(503);
    const bug = errorToResponse(new TypeError('x is undefined'), request, (e) => logged.push(e));
    expect(bug.status).toBe(500);
    expect(await bug.json()).toEqual({ status: 'error', code: 'internal_error', message: 'Internal server error.' });
    expect(logged).toHaveLength(2);
  });

  it('treats an HttpError with a status outside 400-599 as a bug', () => {
    expect(errorToResponse(new HttpError(200, 'odd'), request, () => undefined).status).toBe(500);
  });
});

describe('findDuplicateJsonKey', () => {
  it('finds nothing in any JSON that JSON.stringify wrote, compact or indented', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(findDuplicateJsonKey(JSON.stringify(value))).toBeNull();
        expect(findDuplicateJsonKey(JSON.stringify(value, null, 2))).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('finds a top-level key written twice, whatever the other keys hold', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), (object) => {
        const [first] = Object.keys(object);
        const text = `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(first)}:null}`;
        expect(findDuplicateJsonKey(text)).toEqual({ key: first, path: '' });
      }),
      { numRuns: 300 },
    );
  });

  it('compares keys after unescaping and names the path of the holding object', () => {
    expect(findDuplicateJsonKey('{"a":1,"\\u0061":2}')).toEqual({ key: 'a', path: '' });
    expect(findDuplicateJsonKey('[1,{"x":[{}, {"k":1, "k":2}]}]')).toEqual({ key: 'k', path: '[1].x[1]' });
    expect(findDuplicateJsonKey('{"a b":{"c":{"d":0,"d":0}}}')).toEqual({ key: 'd', path: '["a b"].c' });
  });

  it('is not fooled by brackets, quotes, commas or colons inside strings', () => {
    expect(findDuplicateJsonKey('{"a":"}{,:\\"a\\":","b":["a","a"],"c":"\\\\"}')).toBeNull();
  });

  it('handles nesting far deeper than the call stack', () => {
    const deep = `${'['.repeat(50_000)}{"k":1,"k":2}${']'.repeat(50_000)}`;
    expect(findDuplicateJsonKey(deep)?.key).toBe('k');
    expect(findDuplicateJsonKey(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`)).toBeNull();
  });
});

describe('query parameters read once', () => {
  it('returns the single value, null when absent, and refuses repeats with 400', () => {
    expect(singleQueryValue(new URLSearchParams('a=1&b=2'), 'a')).toBe('1');
    expect(singleQueryValue(new URLSearchParams('a='), 'a')).toBe('');
    expect(singleQueryValue(new URLSearchParams('b=2'), 'a')).toBeNull();
    expect(() => singleQueryValue(new URLSearchParams('a=1&a=1'), 'a')).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses repeats only of the names it is told the library reads', () => {
    const params = new URLSearchParams('tag=a&tag=b&f_x=1&f_y=2');
    expect(() => refuseRepeatedParams(params, (name) => name.startsWith('f_'))).not.toThrow();
    params.append('f_x', '3');
    expect(() => refuseRepeatedParams(params, (name) => name.startsWith('f_'))).toThrow(/"f_x" must appear at most once/);
  });
});
