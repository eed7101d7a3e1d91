/**
 * `useTableEngine`: the table's search, sort and grouping code (`src/core/table-model/engine.ts`),
 * downloaded on demand. A table draws its first rows without it when it starts unsorted and
 * unsearched; it asks for it right after the first paint (the warm-up), on intent (a pointer on a
 * header, focus in a search box), or at once when its first rows need it (a saved search, sections).
 * One download per page, shared by every table; a table mounted after it arrived has it at once.
 *
 * @module
 */
import { getCurrentScope, onScopeDispose, shallowRef } from 'vue';
import type { ShallowRef } from 'vue';
import { warn } from '../src/core/warn';
import type * as Engine from '../src/core/table-model/engine';

/** The search, sort and grouping functions a table runs. */
export type TableEngine = typeof Engine;

let loaded: TableEngine | null = null;
let loading: Promise<TableEngine> | null = null;

/**
 * Downloads the table engine once per page (concurrent calls share the download) and resolves to
 * it. A failed download (offline, a deploy in between) rejects and is forgotten, so the next call
 * tries again.
 */
export function loadTableEngine(): Promise<TableEngine> {
  if (loaded !== null) return Promise.resolve(loaded);
  loading ??= import('../src/core/table-model/engine').then(
    (engine) => {
      loaded = engine;
      return engine;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** What `useTableEngine` returns. */
export interface UseTableEngineReturn {
  /** The engine once downloaded; null until then (already set when another table loaded it). */
  engine: Readonly<ShallowRef<TableEngine | null>>;
  /**
   * Starts the download if it has not started (idempotent; after a failed download it tries
   * again). The result arrives in `engine`; a failure is reported through `warn` and leaves
   * `engine` null, so the table stays in its pending state until a later request succeeds.
   */
  request(): void;
  /** Resolves once `engine` is set (after a request); rejects when the download fails. */
  ready(): Promise<TableEngine>;
}

/** The engine for one component; see the module comment. */
export function useTableEngine(): UseTableEngineReturn {
  const engine = shallowRef<TableEngine | null>(loaded);
  let active = true;
  let requested: Promise<TableEngine> | null = null;
  const ready = (): Promise<TableEngine> => {
    if (engine.value !== null) return Promise.resolve(engine.value);
    requested ??= loadTableEngine().then(
      (module) => {
        if (active) engine.value = module;
        return module;
      },
      (error: unknown) => {
        requested = null;
        throw error;
      },
    );
    return requested;
  };
  const request = (): void => {
    if (engine.value !== null || requested !== null) return;
    ready().catch((error: unknown) => warn('table_engine_unavailable', 'the search and sort code of a SimpleTable could not be loaded; it is tried again on the next sort or search.', error));
  };
  if (getCurrentScope()) {
    onScopeDispose(() => {
      active = false;
    });
  }
  return { engine, request, ready };
}
