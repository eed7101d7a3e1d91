/**
 * Header rows of a simple table with column groups (multi-level headers), as plain data the
 * template walks. Pure: no Vue, no DOM, so it is tested on its own.
 *
 * @module
 */
import type { ColumnGroup } from '../types';

/** A cell of the group row: a group spanning a run of columns, or an ungrouped column spanning both rows. */
export type GroupRowCell =
  | { kind: 'group'; label: string; colspan: number; groupIndex: number; firstColumn: number }
  | { kind: 'column'; columnIndex: number; rowspan: 2 };

/** What the header needs to know about the columns. */
export interface HeaderLayout {
  /** Null when no column belongs to a group: one header row only. */
  groupRow: GroupRowCell[] | null;
  /** Column indices rendered in the column row (ungrouped columns already appear in the group row). */
  columnRow: number[];
}

/** Labels compared as a reader sees them: surrounding and repeated whitespace and case do not count. */
function sameLabel(a: string, b: string): boolean {
  const fold = (text: string) => text.trim().replace(/\s+/gu, ' ').toLowerCase();
  return fold(a) === fold(b);
}

/**
 * Lays out the header rows.
 *
 * - A group covers the columns whose keys it lists; columns are never reordered, so a group whose
 *   columns are not next to each other appears once per run of adjacent columns (same label).
 * - A column listed by several groups belongs to the first one; unknown keys are ignored; a group
 *   with no known column is left out.
 * - A run of a group that holds one column labelled like the group itself (group "Order" over the
 *   column "Order" when its other columns are hidden) would say the same word twice, one above the
 *   other: that column is drawn as an ungrouped one instead, one cell spanning both rows. Labels
 *   compare without case and surrounding whitespace; without `labels` nothing is merged.
 * - With at least one grouped column the header has two rows: groups (`scope="colgroup"`, colspan)
 *   and ungrouped columns (rowspan 2) in the first, grouped columns in the second.
 *
 * @param columnKeys the shown columns' keys, in the order shown
 * @param groups the table's column groups (`columnGroups`)
 * @param labels the shown columns' labels, in the same order as `columnKeys`
 */
export function layoutHeader(columnKeys: readonly string[], groups: readonly ColumnGroup[] | null | undefined, labels?: readonly string[]): HeaderLayout {
  const groupOf = new Map<string, number>();
  (groups ?? []).forEach((group, groupIndex) => {
    for (const key of group.columnKeys ?? []) if (!groupOf.has(key)) groupOf.set(key, groupIndex);
  });
  const owner = columnKeys.map((key) => groupOf.get(key) ?? -1);
  if (labels) {
    owner.forEach((groupIndex, i) => {
      if (groupIndex === -1 || owner[i - 1] === groupIndex || owner[i + 1] === groupIndex) return;
      const label = labels[i];
      if (label !== undefined && sameLabel(label, String(groups?.[groupIndex]?.label ?? ''))) owner[i] = -1;
    });
  }
  if (owner.every((g) => g === -1)) return { groupRow: null, columnRow: columnKeys.map((_key, i) => i) };

  const groupRow: GroupRowCell[] = [];
  const columnRow: number[] = [];
  let i = 0;
  while (i < columnKeys.length) {
    const groupIndex = owner[i] ?? -1;
    if (groupIndex === -1) {
      groupRow.push({ kind: 'column', columnIndex: i, rowspan: 2 });
      i++;
      continue;
    }
    let end = i;
    while (end < columnKeys.length && owner[end] === groupIndex) {
      columnRow.push(end);
      end++;
    }
    groupRow.push({ kind: 'group', label: String(groups?.[groupIndex]?.label ?? ''), colspan: end - i, groupIndex, firstColumn: i });
    i = end;
  }
  return { groupRow, columnRow };
}
