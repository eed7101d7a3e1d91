/**
 * `useGridViewMessage` (internal to `GridViewMessage`): from the message prop to what the message
 * draws. The message is read (`readMessage`), its artifact or spec and rows are validated and built
 * by `useViewArtifact`, the code `GridView` reads its own input with (so a message accepts exactly
 * what `<GridView>` accepts, in the same locale and currency), and the result is laid out for the
 * chat column (`messageArtifact`). Any failure on the way is one coded problem for the error card;
 * nothing throws into the chat.
 *
 * @module
 */
import { computed, markRaw, watch } from 'vue';
import type { ComputedRef } from 'vue';
import type { PresentationFormat } from '../../src/assistant/presenter';
import type { GridArtifact, SpecIssue } from '../../src/core/types';
import { warn } from '../../src/core/warn';
import { useViewArtifact } from '../../composables/useViewArtifact';
import type { ViewArtifactInput } from '../../composables/useViewArtifact';
import { inField, problemOf, readMessage } from './read-message';
import type { GridViewMessageProblem } from './read-message';
import { isPresentationFormat, messageArtifact } from './compact';
import { useUniqueGridId } from './useUniqueGridId';

/** What the composable reads (the component's props, reactively). */
export interface GridViewMessageInput {
  readonly message: unknown;
  readonly format?: string | null;
  readonly locale?: string;
  readonly currency?: string;
}

/** A message that shows a view: the artifact as the message holds it and the one it draws. */
export interface GridViewMessageView {
  readonly ok: true;
  /** The message's artifact with its own layout: what "Open full view" hands to the host. */
  readonly original: GridArtifact;
  /** The artifact drawn in the chat column (`messageArtifact`). */
  readonly shown: GridArtifact;
}

/** What `useGridViewMessage` returns. */
export interface UseGridViewMessageReturn {
  /** The view, or the problem the error card shows. Artifacts are marked raw. */
  state: ComputedRef<GridViewMessageView | { readonly ok: false; readonly problem: GridViewMessageProblem }>;
  /** Locale and currency of the view (props, else the plugin's, else the artifact's, else `en`/`USD`). */
  format: ComputedRef<{ locale: string; currency: string }>;
  /** The presenter format in use; null when none was given or it is not one. */
  presentation: ComputedRef<PresentationFormat | null>;
}

/** The coded issues of a `GridViewSpecError` or `GridArtifactError`; anything else as one `invalid_type`. */
function issuesOf(error: unknown): SpecIssue[] {
  if (error && typeof error === 'object' && Array.isArray((error as { issues?: unknown }).issues)) return [...(error as { issues: SpecIssue[] }).issues];
  return [{ code: 'invalid_type', path: '', message: error instanceof Error ? error.message : String(error) }];
}

/**
 * Reads `props` reactively into the state of a message. Edge cases: a `format` that is not one of
 * the presenter's formats is ignored (the spec's layout is shown) with a `spec_warning`; every
 * problem of the view keeps the core's code, its path prefixed with the message field it came from
 * (`spec.columns[0].format`, `artifact.version`).
 */
export function useGridViewMessage(props: GridViewMessageInput): UseGridViewMessageReturn {
  const read = computed(() => readMessage(props.message));
  // useViewArtifact reads its input's fields inside its own computed: getters keep them reactive.
  const input: ViewArtifactInput = {
    get artifact() {
      const message = read.value;
      return message.ok && message.type === 'grid_view' ? message.artifact : null;
    },
    get spec() {
      const message = read.value;
      return message.ok && message.type === 'grid_view_spec' ? message.spec : null;
    },
    get rows() {
      const message = read.value;
      return message.ok && message.type === 'grid_view_spec' ? message.rows : null;
    },
    get locale() {
      return props.locale;
    },
    get currency() {
      return props.currency;
    },
  };
  const { view, built, format } = useViewArtifact(input, 'GridViewMessage');

  const presentation = computed(() => (isPresentationFormat(props.format) ? props.format : null));
  watch(
    () => props.format,
    (value) => {
      if (value !== undefined && value !== null && value !== '' && !isPresentationFormat(value)) {
        warn('spec_warning', `GridViewMessage: format ${JSON.stringify(String(value).slice(0, 40))} is not one of table, report, chart, answer; the message shows the spec's own layout.`);
      }
    },
    { immediate: true },
  );

  const gridId = useUniqueGridId(() => built.value?.gridId ?? null);

  const state = computed<UseGridViewMessageReturn['state']['value']>(() => {
    const message = read.value;
    if (!message.ok) return message;
    const field = message.type === 'grid_view' ? 'artifact' : 'spec';
    const current = view.value;
    if (!current.ok) return { ok: false, problem: problemOf('invalid', current.issues.map((issue) => inField(field, issue))) };
    try {
      const shown = messageArtifact(current.artifact, { format: presentation.value, gridId: gridId.value ?? current.artifact.gridId, ...format.value });
      return { ok: true, original: current.artifact, shown: markRaw(shown) };
    } catch (error) {
      return { ok: false, problem: problemOf('invalid', issuesOf(error).map((issue) => inField(field, issue))) };
    }
  });

  return { state, format, presentation };
}
