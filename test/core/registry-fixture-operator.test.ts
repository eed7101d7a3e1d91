/**
 * The recipe "Add a filter operator" (docs/contributing.md), proven: a scratch operator, registered
 * in a scratch registry (its core entry, its SQL entry, its label in an English and a Ukrainian
 * catalog) and nowhere else, is accepted by validation, evaluated over rows in memory, translated to
 * SQL that real SQLite runs with the same answer, and offered to AG Grid with its label in either
 * language. An operator a registry does not hold is refused or throws on every side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilterOperatorRegistry, TextOperator } from '../../src/core/data-grid/filter-operators';
import { FILTER_OPERATORS, agGridFilterOptions } from '../../src/core/data-grid/filter-operators';
import { compileFilterModel } from '../../src/core/data-grid/filter-eval';
import { validateGridFilterModel } from '../../src/core/data-grid/filter-model';
import type { GridFilterModel } from '../../src/core/data-grid/types';
import { createTranslator } from '../../src/core/i18n/translator';
import { not } from '../../src/server/rows/sql-condition';
import type { SqlColumn, SqlFilterContext } from '../../src/server/rows/sql-filter';
import { whereSql } from '../../src/server/rows/sql-filter';
import { SQL_OPERATORS, type SqlOperatorRegistry, type SqlTextOperator } from '../../src/server/rows/sql-operators';
import { escapeLike, likeSql } from '../../src/server/rows/sql-text';
import { LOCAL_COLUMNS, SQL_COLUMNS, makeRows, sqliteWith } from '../server/sql-rows-fixture';

/** The scratch operator: the cell as shown does not start with the text (a blank cell starts with nothing). */
const notStartsWith: TextOperator = {
  operands: 1,
  agGridOption: 'gvNotStartsWith',
  labelKey: 'gvNotStartsWith',
  local: ({ wanted }, read) => (value) => !read.shown(value).startsWith(wanted),
};
/** The texts it is tried with. */
const TEXTS = ['caf', 'київ', 'Ø'];
const notStartsWithSql: SqlTextOperator = {
  sql: (value, { wanted }, read) => not(likeSql(read.shown(value), `${escapeLike(wanted)}%`)),
};

const LOCAL: FilterOperatorRegistry = { ...FILTER_OPERATORS, text: { ...FILTER_OPERATORS.text, notStartsWith } };
const SCRATCH: SqlOperatorRegistry = { ...SQL_OPERATORS, local: LOCAL, text: { ...SQL_OPERATORS.text, notStartsWith: notStartsWithSql } };
const LABELS = { en: { 'aggrid.gvNotStartsWith': 'Does not begin with' }, uk: { 'aggrid.gvNotStartsWith': 'Не починається з' } };

const ROWS = makeRows(3000);

/** The ids the local evaluator keeps (the DataGrid's row source compiles a model so). */
function localIds(model: GridFilterModel, operators: FilterOperatorRegistry): number[] {
  const compiled = compileFilterModel(model, LOCAL_COLUMNS, { locale: 'en' }, operators);
  expect(compiled.perColumn).toEqual({});
  return ROWS.filter((row) => compiled.predicates.every((test) => test(row))).map((row) => row.id);
}

function sqlColumns(categorical: boolean): Map<string, SqlColumn> {
  return new Map(
    SQL_COLUMNS.map((c) => [
      c.key,
      {
        key: c.key,
        column: c.key,
        type: c.type,
        label: c.label ?? c.key,
        format: c.format ?? (c.type === 'number' ? 'number' : 'text'),
        sortable: true,
        filterable: true,
        searchable: false,
        categorical: categorical && c.key === 'name',
      } satisfies SqlColumn,
    ]),
  );
}

describe('a filter operator registered in a scratch registry', () => {
  let opened: Awaited<ReturnType<typeof sqliteWith>>;
  beforeAll(async () => {
    opened = await sqliteWith(ROWS);
  });
  afterAll(async () => {
    await opened?.close();
  });

  async function sqlIds(model: GridFilterModel, operators: SqlOperatorRegistry, categorical: boolean): Promise<number[]> {
    const columns = sqlColumns(categorical);
    const ctx: SqlFilterContext = { dialect: 'sqlite', table: 'orders', columns, searchable: [], locale: 'en', operators };
    const rows = await opened.db.selectFrom('orders').select('id').where(whereSql(ctx, model, '')).orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  it('is validated, evaluated in memory and run as SQL on SQLite with the same rows, blank and NULL cells included', async () => {
    for (const text of TEXTS) {
      for (const key of ['name', 'city']) {
        const raw = { [key]: { filterType: 'text', type: 'notStartsWith', filter: text } };
        // Only the registry that holds it accepts it.
        expect(validateGridFilterModel(raw)).toBeNull();
        const model = validateGridFilterModel(raw, LOCAL) as GridFilterModel;
        expect(model).toEqual(raw);
        const expected = localIds(model, LOCAL);
        expect(expected.length, `${key} ${JSON.stringify(text)}`).toBeGreaterThan(0);
        for (const categorical of [false, true]) expect(await sqlIds(model, SCRATCH, categorical), `${key} ${JSON.stringify(text)}`).toEqual(expected);
      }
    }
  });

  it('combines with the built-in operators in AND and OR conditions on both sides', async () => {
    const model = validateGridFilterModel(
      {
        name: {
          filterType: 'text',
          operator: 'OR',
          conditions: [
            { filterType: 'text', type: 'notStartsWith', filter: 'c' },
            { filterType: 'text', type: 'blank' },
          ],
        },
        city: { filterType: 'text', operator: 'AND', conditions: [{ filterType: 'text', type: 'notStartsWith', filter: 'k' }, { filterType: 'text', type: 'notEqual', filter: 'lviv' }] },
      },
      LOCAL,
    ) as GridFilterModel;
    expect(model).not.toBeNull();
    const expected = localIds(model, LOCAL);
    expect(expected.length).toBeGreaterThan(0);
    expect(await sqlIds(model, SCRATCH, false)).toEqual(expected);
  });

  it('is offered to AG Grid as a custom option labelled from the English and the Ukrainian catalog', () => {
    for (const [locale, catalog] of Object.entries(LABELS)) {
      const translator = createTranslator({ locale, catalogs: LABELS });
      const options = agGridFilterOptions('text', (key) => translator.t(`aggrid.${key}`), LOCAL);
      const custom = options.at(-1);
      expect(custom).toMatchObject({ displayKey: 'gvNotStartsWith', displayName: catalog['aggrid.gvNotStartsWith'], numberOfInputs: 1 });
      // The built-in operators stay AG Grid's own options.
      expect(options.slice(0, -1)).toEqual(agGridFilterOptions('text', (key) => key));
    }
  });

  it('throws on every side when its SQL half is missing, and the built-in registries know nothing of it', async () => {
    const model: GridFilterModel = { name: { filterType: 'text', type: 'notStartsWith' as never, filter: 'caf' } };
    const halfRegistered: SqlOperatorRegistry = { ...SQL_OPERATORS, local: LOCAL };
    await expect(sqlIds(model, halfRegistered, false)).rejects.toThrow('No text filter operator "notStartsWith" is registered with its SQL.');
    await expect(sqlIds(model, SQL_OPERATORS, false)).rejects.toThrow('No text filter operator "notStartsWith" is registered with its SQL.');
    expect(() => localIds(model, FILTER_OPERATORS)).toThrow('No text filter operator "notStartsWith" is registered.');
    // Nothing was registered globally by the scratch registries.
    expect(Object.keys(FILTER_OPERATORS.text)).not.toContain('notStartsWith');
  });
});
