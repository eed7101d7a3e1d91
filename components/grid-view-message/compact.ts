/**
 * The view a chat message draws: the message's artifact laid out for a chat column. The layout
 * comes from the presenter `format` (`layoutForFormat`, the one mapping of formats to blocks) or
 * from the spec; the data grid and its toolbar give way to the simple table (AG Grid does not
 * belong in a 320-pixel column; "Open full view" is where the full layout lives); the wrapper is
 * `shell` (the message draws the card); the table's own export buttons are off (the message's
 * actions export); the grid id is the one the message claimed (two messages showing the same spec
 * on one page must not share element ids). Everything else, rows and table settings included, is
 * the artifact's.
 *
 * @module
 */
import { PRESENTATION_FORMATS, layoutForFormat } from '../../src/assistant/presenter';
import type { PresentationFormat } from '../../src/assistant/presenter';
import { GridRenderer } from '../../src/core/artifact';
import type { TableOptions } from '../../src/core/artifact';
import { GridViewSpecError } from '../../src/core/errors';
import { safeParseGridViewSpecJson, specToWire } from '../../src/core/spec';
import type { GridArtifact, LayoutBlock, SimpleTableConfig } from '../../src/core/types';

/** True for one of the presenter's formats (`table`, `report`, `chart`, `answer`). */
export function isPresentationFormat(value: unknown): value is PresentationFormat {
  return typeof value === 'string' && (PRESENTATION_FORMATS as readonly string[]).includes(value);
}

/**
 * The blocks of a message: `format`'s blocks when given, else `blocks`, with `ag_grid` read as
 * `table` and `toolbar` left out (each block once, in the first place it appears).
 */
export function compactBlocks(blocks: readonly LayoutBlock[], format: PresentationFormat | null | undefined): LayoutBlock[] {
  const source = format ? layoutForFormat(format) : blocks;
  const out: LayoutBlock[] = [];
  for (const block of source) {
    if (block === 'toolbar') continue;
    const shown: LayoutBlock = block === 'ag_grid' ? 'table' : block;
    if (!out.includes(shown)) out.push(shown);
  }
  return out;
}

/** The host table settings an artifact was built with, to build it again. */
function tableOptionsOf(config: SimpleTableConfig): TableOptions {
  return {
    columnGroups: config.columnGroups,
    rowUrl: config.rowUrl,
    rowOnclick: config.rowOnclick,
    footerRow: config.footerRow,
    footerLabel: config.footerLabel,
    footerLabelSpan: config.footerLabelSpan,
    footerTotals: config.footerTotals,
  };
}

/** What `messageArtifact` needs beside the artifact. */
export interface MessageArtifactOptions {
  /** The presenter format, or null for the spec's own layout. */
  format?: PresentationFormat | null;
  /** The grid id the message draws under (`useUniqueGridId`). */
  gridId: string;
  /** Locale and currency of the view (the message's, resolved like `GridView`'s). */
  locale: string;
  currency: string;
}

/**
 * The artifact a message draws for `original` (see the module comment). A view whose blocks would
 * show nothing (the `answer` format of a spec without a title and KPIs) gets the table, so a
 * message never shows an empty box.
 *
 * @throws GridViewSpecError or GridArtifactError only if the original artifact could not be built
 * again, which a valid artifact always can (callers still turn it into the error card).
 */
export function messageArtifact(original: GridArtifact, options: MessageArtifactOptions): GridArtifact {
  const blocks = compactBlocks(original.layout.blocks, options.format);
  const shows = blocks.some(
    (block) => block === 'table' || (block === 'title' && original.title !== null) || (block === 'kpis' && original.kpis.length > 0) || (block === 'chart' && original.charts.length > 0),
  );
  if (!shows) blocks.push('table');
  const wire = specToWire(original.spec);
  const result = safeParseGridViewSpecJson({
    ...wire,
    grid_id: options.gridId,
    wrapper: 'shell',
    export_xlsx: false,
    layout: { ...wire.layout, blocks },
  });
  // The original spec's warnings were reported when it was read; parsing a copy says nothing new.
  if (!result.ok) throw new GridViewSpecError(result.issues);
  return GridRenderer.build(result.spec, original.rows, { locale: options.locale, currency: options.currency, table: tableOptionsOf(original.tableConfig) });
}
