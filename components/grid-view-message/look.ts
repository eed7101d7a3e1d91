/**
 * How a `GridViewMessage` looks, as inline styles over the stylesheet's tokens (`--gv-*`), so the
 * message needs no rules of its own and follows every theme and host override the tokens carry.
 * The compact layout is tokens too: a smaller title and KPI values, tighter gaps, charts one per
 * row. KPI cards keep the stylesheet's minimum width (11rem keeps a two-word label beside the icon
 * and the tone badge; at 9rem "Revenue" broke inside the word at 360 px): one per row at 360 px,
 * two in a 420-pixel column. Focus rings come from `.gv-button` and the table's
 * own rules.
 *
 * @module
 */
import type { CSSProperties } from 'vue';

/** The message: a card that may shrink to its column (`min-width: 0`), never wider than it. */
export const MESSAGE_STYLE: Readonly<CSSProperties> = Object.freeze({
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--gv-space-3)',
  minWidth: '0',
  maxWidth: '100%',
  margin: '0',
  padding: 'var(--gv-space-3)',
  fontFamily: 'var(--gv-font)',
  fontSize: 'var(--gv-font-size)',
  lineHeight: 'var(--gv-line-height)',
  color: 'var(--gv-color-text)',
  background: 'var(--gv-color-surface)',
  border: '1px solid var(--gv-color-border)',
  borderRadius: 'var(--gv-radius)',
  '--gv-title-size': '1.0625rem',
  '--gv-gap': 'var(--gv-space-3)',
  '--gv-kpi-value-size': '1.375rem',
  '--gv-chart-min-width': '100%',
});

/** The row of action buttons; they wrap on a narrow column. */
export const ACTIONS_STYLE: Readonly<CSSProperties> = Object.freeze({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 'var(--gv-space-2)',
  minWidth: '0',
});

/** The sentence of the last action, beside the buttons (empty: no width). */
export const STATUS_STYLE: Readonly<CSSProperties> = Object.freeze({
  margin: '0',
  minWidth: '0',
  fontSize: 'var(--gv-font-size-small)',
  color: 'var(--gv-color-text-muted)',
  overflowWrap: 'anywhere',
});

/** The error card: the spec issues panel's box (`.gv-spec-issues`), its two lines apart. */
export const ERROR_STYLE: Readonly<CSSProperties> = Object.freeze({ display: 'flex', flexDirection: 'column', gap: 'var(--gv-space-2)' });

/** Paragraphs of the error card (the card itself is the spec issues panel's box). */
export const ERROR_LINE_STYLE: Readonly<CSSProperties> = Object.freeze({ margin: '0', overflowWrap: 'anywhere' });
