/**
 * `useSimpleTableRows` (internal to `SimpleTable`): the body rows in the DOM and what they do. The
 * slice of the visible rows (and section header rows) the window draws, each data row with its row
 * link; and a row clicked or activated with Enter: `row-click`, then the registered action
 * `rowOnclick` names (parsed, never evaluated), or the row link.
 *
 * @module
 */
import { computed } from 'vue';
import type { Ref } from 'vue';
import type { Row } from '../../src/core/types';
import { fillUrlTemplate, parseRowAction } from '../../src/core/url';
import type { TableGroup } from '../../src/core/table-model/groups';
import { useGridViewOptions } from '../../src/plugin-context';
import type { SimpleTableContext } from './context';
import type { useSimpleTableSections } from './useSimpleTableSections';

/** A data row as drawn. */
export interface RenderedRow<R extends Row> {
  kind: 'row';
  row: R;
  /** Index of the row in `config.data`. */
  index: number;
  /** Position among the body rows (section header rows included). */
  position: number;
  /** The row link (`rowUrl` filled from the row); null: none, or not a safe URL. */
  href: string | null;
}

/** A section's header row as drawn. */
export interface RenderedGroup {
  kind: 'group';
  group: TableGroup;
  /** Position of the section in `grouped.groups`. */
  groupIndex: number;
  position: number;
  collapsed: boolean;
}

/** What inside a row keeps its own click: the row does not act on it. */
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [contenteditable], [tabindex]:not(tr)';

/**
 * The drawn body rows of one table: `visible` in order (without sections), the sections
 * (`useSimpleTableSections`), and the drawn slice of body-row positions (`start` inclusive, `end`
 * exclusive, from the window). Edge cases: a row link is only ever http(s) or relative with encoded
 * placeholders (`fillUrlTemplate`), anything else gives no link; a click on a link, button or input
 * inside the row, or a drag that selected text in it, is not a click on the row; an action name
 * that is not registered (or not a function, or inherited from `Object.prototype`) runs nothing;
 * Enter acts only on the row itself.
 */
export function useSimpleTableRows<R extends Row>(
  { props, rows, emit }: SimpleTableContext<R>,
  visible: Readonly<Ref<Uint32Array>>,
  sections: ReturnType<typeof useSimpleTableSections<R>>,
  start: Readonly<Ref<number>>,
  end: Readonly<Ref<number>>,
) {
  const rendered = computed<(RenderedRow<R> | RenderedGroup)[]>(() => {
    const order = visible.value;
    const list = sections.displayList.value;
    const groups = sections.grouped.value?.groups ?? [];
    const data = rows.value;
    const rowUrl = props.config.rowUrl;
    const out: (RenderedRow<R> | RenderedGroup)[] = [];
    for (let position = start.value; position < end.value; position++) {
      const entry = list ? (list[position] ?? 0) : (order[position] ?? 0);
      if (entry < 0) {
        const group = groups[-entry - 1] as TableGroup;
        out.push({ kind: 'group', group, groupIndex: -entry - 1, position, collapsed: sections.collapsedGroups.value.has(group.key) });
        continue;
      }
      const row = data[entry] as R;
      out.push({ kind: 'row', row, index: entry, position, href: rowUrl ? fillUrlTemplate(rowUrl, row) : null });
    }
    return out;
  });

  const plugin = useGridViewOptions();
  const rowAction = (): string | null => {
    const source = props.config.rowOnclick;
    return typeof source === 'string' && source.trim() !== '' ? source : null;
  };
  /** Whether rows have an action (they are then focusable and look clickable). */
  const hasRowAction = computed(() => rowAction() !== null);

  function activate(item: RenderedRow<R>, rowElement: HTMLElement): void {
    emit('row-click', { row: item.row, index: item.index, visibleIndex: item.position });
    const source = rowAction();
    if (source !== null) {
      // Parsed, never evaluated: only a registered action of that exact name runs. The component's
      // actions win over the plugin's.
      const action = parseRowAction(source, item.row);
      const actions = { ...plugin.actions, ...(props.actions ?? {}) };
      if (action && Object.prototype.hasOwnProperty.call(actions, action.name)) {
        const handler = actions[action.name];
        if (typeof handler === 'function') handler(...action.args);
      }
      return;
    }
    if (item.href !== null) rowElement.querySelector<HTMLAnchorElement>('a[data-cm-row-link]')?.click();
  }

  function onRowClick(item: RenderedRow<R>, event: MouseEvent): void {
    const target = event.target as Element | null;
    const row = event.currentTarget as HTMLElement;
    if (target && target !== row && target.closest(INTERACTIVE) && row.contains(target.closest(INTERACTIVE))) return;
    // A drag that selected text is not a click on the row.
    const selection = row.ownerDocument.defaultView?.getSelection?.();
    if (selection && !selection.isCollapsed && row.contains(selection.anchorNode)) return;
    activate(item, row);
  }

  function onRowKeydown(item: RenderedRow<R>, event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    activate(item, event.currentTarget as HTMLElement);
  }

  return { rendered, hasRowAction, onRowClick, onRowKeydown };
}
