/**
 * The props and events of `GridViewMessage`, shared by the component and the body that draws it
 * (`GridViewMessageBody.vue`, which the plugin registers; see `GridViewMessage.vue` for why there
 * are two).
 *
 * @module
 */
import type { PresentationFormat } from '../../src/assistant/presenter';
import type { GridArtifact } from '../../src/core/types';
import type { GridViewMessagePayload, GridViewMessageProblem } from './read-message';

/** The props of `GridViewMessage`. */
export interface GridViewMessageProps {
  /**
   * The message: `{ type: 'grid_view', artifact }` or `{ type: 'grid_view_spec', spec, rows }`, or
   * its JSON string. Untrusted: anything else shows the error card.
   */
  message: GridViewMessagePayload | string | Readonly<Record<string, unknown>> | null;
  /**
   * The presenter's format (`table`, `report`, `chart`, `answer`; see `layoutForFormat` of
   * `vue-grid-view/assistant`): the blocks the message shows. Absent: the spec's own layout. Any
   * other value is ignored with a `spec_warning`.
   */
  format?: PresentationFormat | null;
  /** Locale override (texts, numbers); default the plugin's. */
  locale?: string;
  /** Currency override for `currency` formats; default the plugin's. */
  currency?: string;
  /**
   * Heading level of the view's title (1 to 6).
   * @default 3 (a chat sits below the page's own headings)
   */
  headingLevel?: number;
}

/** The events of `GridViewMessage`. */
export interface GridViewMessageEmits {
  /** "Open full view" was pressed: the artifact with its own layout, for the host to show as it likes. */
  'open-full-view': [artifact: GridArtifact];
  /** The message holds no view it can show; the error card is shown instead. */
  invalid: [problem: GridViewMessageProblem];
}

/** The slots of `GridViewMessage`. */
export interface GridViewMessageSlots {
  /** More actions of the host, after the message's own buttons (e.g. "Edit"). */
  actions?: (props: { artifact: GridArtifact }) => unknown;
}

/** True when a vnode's props hold a listener of "Open full view" (`@open-full-view`, `.once` too). */
export function listensToOpen(vnodeProps: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return Object.entries(vnodeProps ?? {}).some(([key, value]) => key.startsWith('onOpenFullView') && value !== undefined && value !== null);
}
