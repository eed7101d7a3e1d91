/**
 * The filter operator registry: every operator has its label in both languages' catalogs, AG
 * Grid's menus are derived from it (and are AG Grid's own lists for the built-in operators), its
 * operand count drives validation, and an operator it does not hold is refused or throws, never
 * read as another one.
 */
import { describe, expect, it } from 'vitest';
import { AG_GRID_TEXTS } from '../../src/core/i18n/aggrid';
import { en } from '../../src/core/i18n/en';
import { uk } from '../../src/core/i18n/uk';
import { FILTER_OPERATORS, agGridFilterOptions, operatorOf, type AgGridFilterType } from '../../src/core/data-grid/filter-operators';
import { columnPredicate, compileFilterModel } from '../../src/core/data-grid/filter-eval';
import { validateGridFilterModel } from '../../src/core/data-grid/filter-model';
import type { ColumnFilterModel } from '../../src/core/data-grid/types';

const TYPES: readonly AgGridFilterType[] = ['text', 'number', 'date'];

describe('filter operator registry', () => {
  it('has the label of every operator in the English and the Ukrainian AG Grid texts', () => {
    for (const type of TYPES) {
      for (const [name, entry] of Object.entries(FILTER_OPERATORS[type])) {
        expect(AG_GRID_TEXTS.en, `${type} ${name}`).toHaveProperty(entry.labelKey);
        expect(AG_GRID_TEXTS.uk, `${type} ${name}`).toHaveProperty(entry.labelKey);
      }
    }
  });

  it('has the label of every values operator in the English and the Ukrainian catalog', () => {
    for (const [name, entry] of Object.entries(FILTER_OPERATORS.values)) {
      expect(en, name).toHaveProperty(entry.labelKey);
      expect(uk, name).toHaveProperty(entry.labelKey);
    }
  });

  it('validates a values model by its operator: a match reads a list, a mode has none', () => {
    expect(validateGridFilterModel({ c: { filterType: 'values', values: ['a'], match: 'any_token' } })).not.toBeNull();
    expect(validateGridFilterModel({ c: { filterType: 'values', mode: 'non_empty' } })).not.toBeNull();
    expect(validateGridFilterModel({ c: { filterType: 'values', values: ['a'], match: 'empty' } })).toBeNull();
    expect(validateGridFilterModel({ c: { filterType: 'values', mode: 'exact' } })).toBeNull();
    expect(validateGridFilterModel({ c: { filterType: 'values', mode: 'hasOwnProperty' } })).toBeNull();
    expect(() => columnPredicate({ filterType: 'values', values: ['a'], match: 'prefix' as never }, 'text', {})).toThrow('No values filter operator "prefix" is registered.');
  });

  it("gives AG Grid its own default option lists for the built-in operators, in AG Grid's order", () => {
    const label = (key: string): string => key;
    expect(agGridFilterOptions('number', label)).toEqual(['equals', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual', 'inRange', 'blank', 'notBlank']);
    expect(agGridFilterOptions('date', label)).toEqual(['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange', 'blank', 'notBlank']);
    expect(agGridFilterOptions('text', label)).toEqual(['contains', 'notContains', 'equals', 'notEqual', 'startsWith', 'endsWith', 'blank', 'notBlank']);
  });

  it('validates operands by the operator: none for blank, two for inRange, one otherwise', () => {
    for (const type of TYPES) {
      for (const [name, entry] of Object.entries(FILTER_OPERATORS[type])) {
        const operands = type === 'text' ? ['x', 'y'] : type === 'number' ? [1, 2] : ['2024-01-01', '2024-02-01'];
        const keys = type === 'text' ? ['filter', 'filterTo'] : type === 'number' ? ['filter', 'filterTo'] : ['dateFrom', 'dateTo'];
        const condition = (count: number): Record<string, unknown> => {
          const out: Record<string, unknown> = { filterType: type, type: name };
          for (let i = 0; i < count; i++) out[keys[i] as string] = operands[i];
          return out;
        };
        // A text condition has no second operand at all.
        const most = type === 'text' ? 1 : 2;
        for (let count = 0; count <= most; count++) {
          const valid = validateGridFilterModel({ c: condition(count) });
          expect(valid === null, `${type} ${name} with ${count} operand(s)`).toBe(count !== entry.operands);
        }
      }
    }
  });

  it('refuses an operator the registry does not hold when validating, and throws when evaluating one: no operator stands in for another', () => {
    for (const type of TYPES) {
      expect(validateGridFilterModel({ c: { filterType: type, type: 'lengthAtMost' } })).toBeNull();
      expect(validateGridFilterModel({ c: { filterType: type, type: '__proto__' } })).toBeNull();
      expect(validateGridFilterModel({ c: { filterType: type, type: 'toString' } })).toBeNull();
      expect(() => operatorOf(FILTER_OPERATORS, type, 'lengthAtMost')).toThrow(`No ${type} filter operator "lengthAtMost" is registered.`);
    }
    const unknown = { filterType: 'number', type: 'lengthAtMost', filter: 3 } as unknown as ColumnFilterModel;
    expect(() => columnPredicate(unknown, 'number', {})).toThrow('No number filter operator "lengthAtMost" is registered.');
    const combined = { filterType: 'text', operator: 'OR', conditions: [{ filterType: 'text', type: 'equals', filter: 'a' }, { filterType: 'text', type: 'toString', filter: 'b' }] } as unknown as ColumnFilterModel;
    expect(() => columnPredicate(combined, 'text', {})).toThrow('No text filter operator "toString" is registered.');
    const columns = [{ key: 'c', label: 'C', format: 'text' as const, sortable: true, searchable: true }];
    expect(() => compileFilterModel({ c: { filterType: 'text', type: 'lengthAtMost', filter: 'x' } as unknown as ColumnFilterModel }, columns, {})).toThrow('No text filter operator');
  });

  it('decides a NULL cell as a blank cell: only blank, notEqual and notContains of a text, and blank of a number or date, keep it', () => {
    const keeps = (filter: ColumnFilterModel): boolean => columnPredicate(filter, 'text', {})(null);
    expect(keeps({ filterType: 'text', type: 'blank' })).toBe(true);
    expect(keeps({ filterType: 'text', type: 'notEqual', filter: 'a' })).toBe(true);
    expect(keeps({ filterType: 'text', type: 'notContains', filter: 'a' })).toBe(true);
    expect(keeps({ filterType: 'text', type: 'equals', filter: 'a' })).toBe(false);
    expect(keeps({ filterType: 'text', type: 'equals', filter: ' ' })).toBe(true);
    expect(keeps({ filterType: 'number', type: 'notEqual', filter: 1 })).toBe(false);
    expect(keeps({ filterType: 'number', type: 'blank' })).toBe(true);
    expect(keeps({ filterType: 'date', type: 'notEqual', dateFrom: '2024-01-01' })).toBe(false);
    expect(keeps({ filterType: 'date', type: 'blank' })).toBe(true);
  });
});
