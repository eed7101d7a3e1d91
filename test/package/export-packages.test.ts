/**
 * Server exports in applications that really lack an optional package: the packed package in an
 * isolated folder (isolated.ts) whose node_modules has no `dejavu-fonts-ttf` (the PDF font), or no
 * chart packages (`echarts`, `jsdom`, `svg2pdf.js`), driven through the real handler
 * (`createGridViewHandler` called with `new Request(...)`) in a plain Node process started in that
 * folder. Nothing is mocked: the package's own `import()` and `require.resolve` fail as they would
 * in production. The answer must be 501 `export_unavailable` naming the package, with one coded
 * warning through `onWarn` carrying the install command; before this, the PDF route answered 500
 * `internal_error` and only the error log said why.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedConsumer, type IsolatedConsumer } from './isolated';

const run = promisify(execFile);

/** What a server needs besides the package (its dependencies), and the PDF writer. */
const SERVER = ['kysely', 'yup', 'axios'];
const PDF_WRITER = ['jspdf', 'jspdf-autotable'];

/** Writes a summary of what the handler answered and warned as JSON on stdout. */
const SCRIPT = `
import { ExportRegistry, buildPdf, createGridViewHandler } from 'vue-grid-view/server';

const columns = [{ key: 'city', label: 'Місто' }, { key: 'amount', label: 'Сума', format: 'number' }];
const rows = [{ city: 'Київ', amount: 10 }, { city: 'Львів', amount: 5 }];
const charts = [{ id: 'by_city', chart_type: 'bar', x_key: 'city', series: [{ key: 'amount', label: 'Сума' }] }];
const exports = new ExportRegistry();
exports.register('pdf', 'plain', () => ({ title: 'Замовлення', columns, rows }));
exports.register('pdf', 'charts', () => ({ title: 'Замовлення', columns, rows, charts }));
if (process.env.WITH_XLSX) exports.register('xlsx', 'plain', () => ({ title: 'Orders', columns, rows }));

const warnings = [];
const errors = [];
const handler = createGridViewHandler({
  exports,
  onWarn: (message, detail) => warnings.push({ message, code: detail?.code, request: detail?.request?.url ?? null }),
  onError: (error) => errors.push({ status: error.status, code: error.code }),
});
const atCreation = warnings.length;

async function answer(path) {
  const response = await handler(new Request('http://app.test' + path));
  const type = response.headers.get('content-type');
  return { status: response.status, type, body: type.startsWith('application/json') ? await response.json() : (await response.arrayBuffer()).byteLength > 0 };
}

const out = { atCreation, answers: {} };
// With -e, the arguments start at argv[1].
for (const path of process.argv.slice(1)) out.answers[path] = await answer(path);
out.warnings = warnings;
out.errors = errors;
out.direct = await buildPdf({ columns, rows }).then(() => 'written', (e) => ({ name: e.name, code: e.code, packages: e.packages, message: e.message }));
process.stdout.write(JSON.stringify(out));
`;

async function serve(consumer: IsolatedConsumer, paths: string[], env: Record<string, string> = {}): Promise<{
  atCreation: number;
  answers: Record<string, { status: number; type: string; body: unknown }>;
  warnings: { message: string; code?: string; request: string | null }[];
  errors: { status?: number; code?: string }[];
  direct: unknown;
}> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT, ...paths], {
    cwd: consumer.dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
  });
  return JSON.parse(stdout) as Awaited<ReturnType<typeof serve>>;
}

let noFont: IsolatedConsumer;
let noCharts: IsolatedConsumer;

beforeAll(async () => {
  noFont = await isolatedConsumer('no-font', [...SERVER, ...PDF_WRITER, 'xlsx']);
  noCharts = await isolatedConsumer('no-charts', [...SERVER, ...PDF_WRITER, 'dejavu-fonts-ttf']);
}, 180_000);

afterAll(() => {
  noFont?.dispose();
  noCharts?.dispose();
});

const FONT_WARNING =
  'PDF export needs the optional package "dejavu-fonts-ttf", which is not installed: npm install dejavu-fonts-ttf. Until then these exports answer 501 export_unavailable.';

describe('a server without the PDF font package', () => {
  it('lacks dejavu-fonts-ttf and has the PDF writer and xlsx', () => {
    expect(['dejavu-fonts-ttf', 'jspdf', 'jspdf-autotable', 'xlsx'].map((name) => [name, noFont.resolves(name)])).toEqual([
      ['dejavu-fonts-ttf', false],
      ['jspdf', true],
      ['jspdf-autotable', true],
      ['xlsx', true],
    ]);
  });

  it('answers a PDF export 501 export_unavailable naming the package, warns once at creation with the install command, and still serves XLSX', async () => {
    const out = await serve(noFont, ['/grid/export/pdf/?builder=plain', '/grid/export/pdf/?builder=charts', '/grid/export/xlsx/?builder=plain'], { WITH_XLSX: '1' });
    const unavailable = {
      status: 501,
      type: 'application/json; charset=utf-8',
      body: { status: 'error', code: 'export_unavailable', message: 'PDF export is not available on this server: it needs the package "dejavu-fonts-ttf", which is not installed.' },
    };
    expect(out.answers).toEqual({
      '/grid/export/pdf/?builder=plain': unavailable,
      '/grid/export/pdf/?builder=charts': unavailable,
      '/grid/export/xlsx/?builder=plain': { status: 200, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: true },
    });
    // Once, when the handler was created; not again per request. onError sees every 5xx, as documented.
    expect(out.atCreation).toBe(1);
    expect(out.warnings).toEqual([{ message: FONT_WARNING, code: 'optional_package_missing', request: null }]);
    expect(out.errors).toEqual([{ status: 501, code: 'export_unavailable' }, { status: 501, code: 'export_unavailable' }]);
  });

  it('makes buildPdf reject with code missing_package naming the package', async () => {
    const out = await serve(noFont, []);
    expect(out.direct).toEqual({
      name: 'MissingPackageError',
      code: 'missing_package',
      packages: ['dejavu-fonts-ttf'],
      message: 'PDF export needs the optional package "dejavu-fonts-ttf", which is not installed: npm install dejavu-fonts-ttf.',
    });
  });
});

describe('a server with the PDF packages but without the chart packages', () => {
  it('lacks echarts, jsdom and svg2pdf.js', () => {
    expect(['echarts', 'jsdom', 'svg2pdf.js', 'dejavu-fonts-ttf'].map((name) => noCharts.resolves(name))).toEqual([false, false, false, true]);
  });

  it('writes a PDF without charts, and answers one with charts 501 naming all three packages at once, warning once with the request', async () => {
    const charts = '/grid/export/pdf/?builder=charts';
    const out = await serve(noCharts, ['/grid/export/pdf/?builder=plain', charts, charts]);
    const unavailable = {
      status: 501,
      type: 'application/json; charset=utf-8',
      body: { status: 'error', code: 'export_unavailable', message: 'PDF export with charts is not available on this server: it needs the packages "echarts", "jsdom" and "svg2pdf.js", which are not installed.' },
    };
    expect(out.answers).toEqual({ '/grid/export/pdf/?builder=plain': { status: 200, type: 'application/pdf', body: true }, [charts]: unavailable });
    expect(out.atCreation).toBe(0);
    expect(out.warnings).toEqual([
      {
        message: 'PDF export with charts needs the optional packages "echarts", "jsdom" and "svg2pdf.js", which are not installed: npm install echarts jsdom svg2pdf.js. Until then these exports answer 501 export_unavailable.',
        code: 'optional_package_missing',
        request: `http://app.test${charts}`,
      },
    ]);
    expect(out.errors).toEqual([{ status: 501, code: 'export_unavailable' }, { status: 501, code: 'export_unavailable' }]);
    expect(out.direct).toBe('written');
  });
});
