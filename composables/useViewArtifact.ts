/**
 * `useViewArtifact`: the artifact a view component shows, from an artifact (object or JSON) or a
 * spec plus rows, with the locale and currency every block uses. Shared by `GridView` and `DataGrid`
 * so both read their input the same way. Internal to the package (not exported).
 *
 * @module
 */
import { computed, markRaw, toRaw } from 'vue';
import type { ComputedRef } from 'vue';
import type { FormatOptions, GridArtifact, GridArtifactJson, GridViewSpec, GridViewSpecWire, Row, SpecIssue } from '../src/core/types';
import { GridRenderer, hydrateArtifact } from '../src/core/artifact';
import { isGridViewSpec, safeParseGridViewSpecJson } from '../src/core/spec';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '../src/core/format';
import { warn } from '../src/core/warn';
import { useGridViewOptions } from '../src/plugin-context';

/** What a view component takes: an artifact (wins), or a spec with rows, plus locale and currency overrides. */
export interface ViewArtifactInput {
  artifact?: GridArtifact | GridArtifactJson | null;
  spec?: GridViewSpec | GridViewSpecWire | Record<string, unknown> | null;
  rows?: readonly Row[] | null;
  locale?: string;
  currency?: string;
}

/** The outcome: the artifact, or the issues that make the input unusable. */
export type ViewArtifactState = { ok: true; artifact: GridArtifact } | { ok: false; issues: SpecIssue[] };

/** What `useViewArtifact` returns. */
export interface UseViewArtifactReturn {
  view: ComputedRef<ViewArtifactState>;
  /** The artifact, or null when the input is invalid. Marked raw: never made reactive. */
  built: ComputedRef<GridArtifact | null>;
  /**
   * Locale and currency, field by field: the props, else the installed plugin's, else what the
   * artifact was built with, else `en`/`USD`.
   */
  format: ComputedRef<Required<Pick<FormatOptions, 'locale' | 'currency'>>>;
}

function failure(error: unknown): ViewArtifactState {
  if (error && typeof error === 'object' && Array.isArray((error as { issues?: unknown }).issues)) {
    return { ok: false, issues: [...(error as { issues: SpecIssue[] }).issues] };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, issues: [{ code: 'invalid_type', path: '', message }] };
}

function isBuiltArtifact(value: GridArtifact | GridArtifactJson): value is GridArtifact {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function' && 'tableConfig' in value && 'spec' in value;
}

/**
 * Resolves `props` (read reactively) into an artifact; `component` names the caller in the issue
 * about missing input. Rows are unwrapped with `toRaw` and the
 * artifact is `markRaw`, so nothing here makes rows deeply reactive. Artifact JSON is hydrated with
 * the page's locale and currency when it chose one.
 */
export function useViewArtifact(props: ViewArtifactInput, component = 'GridView'): UseViewArtifactReturn {
  const context = useGridViewOptions();
  const chosen = computed<FormatOptions>(() => ({
    locale: props.locale || (context.installed ? context.locale : undefined),
    currency: props.currency || (context.installed ? context.currency : undefined),
  }));
  const view = computed<ViewArtifactState>(() => {
    try {
      const artifact = props.artifact ? toRaw(props.artifact) : null;
      if (artifact) {
        return { ok: true, artifact: markRaw(isBuiltArtifact(artifact) ? artifact : hydrateArtifact(artifact, chosen.value)) };
      }
      const spec = props.spec ? toRaw(props.spec) : null;
      if (!spec) return { ok: false, issues: [{ code: 'required', path: '', message: `${component} needs an artifact, or a spec with rows.` }] };
      const rows = toRaw(props.rows ?? []);
      let parsed: GridViewSpec;
      if (isGridViewSpec(spec)) {
        parsed = spec;
      } else {
        const result = safeParseGridViewSpecJson(spec);
        if (!result.ok) return { ok: false, issues: result.issues };
        // A warning leaves the view valid (an icon it cannot draw is left out); say so on the channel.
        for (const w of result.warnings) warn('spec_warning', `[${w.code}] ${w.path}: ${w.message}`, w);
        parsed = result.spec;
      }
      return { ok: true, artifact: markRaw(GridRenderer.build(parsed, rows, chosen.value)) };
    } catch (error) {
      return failure(error);
    }
  });
  const built = computed(() => (view.value.ok ? view.value.artifact : null));
  const format = computed(() => ({
    locale: chosen.value.locale || built.value?.format?.locale || DEFAULT_LOCALE,
    currency: chosen.value.currency || built.value?.format?.currency || DEFAULT_CURRENCY,
  }));
  return { view, built, format };
}
