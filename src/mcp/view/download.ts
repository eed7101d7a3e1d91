/**
 * `components/simple-table/download` as the MCP App view has it (vite.config.ts, mode `mcp-app`,
 * puts this module in that one's place; the API is the same). An MCP Apps host shows the view in a
 * sandboxed iframe, and a sandbox without `allow-downloads` drops a download started inside it
 * (Chromium only says so in the console). The protocol's answer is `ui/download-file`: the view
 * hands the bytes to the host, which asks the reader and saves the file. So a CSV or XLSX export of
 * the view goes to the host when the host said at the handshake that it takes downloads
 * (`hostCapabilities.downloadFile`); otherwise the table's own `<a download>` is tried, which works
 * in hosts whose sandbox allows downloads.
 *
 * @module
 */
import { XLSX_MIME } from '../../core/table-model/xlsx';
import { downloadBytes as anchorDownload } from '../../../components/simple-table/download';

/** One file for the host to save: its name, MIME type and bytes. */
export interface HostDownload {
  readonly fileName: string;
  readonly mimeType: string;
  readonly bytes: Uint8Array;
}

/** Sends a file to the host; resolves to false when the host refused or failed to save it. */
export type HostDownloadSink = (file: HostDownload) => Promise<boolean>;

let sink: HostDownloadSink | null = null;

/**
 * Routes every later export through `next` (the view sets it once the host's capabilities are
 * known, and only when they include `downloadFile`); null goes back to the table's own download.
 */
export function setHostDownloadSink(next: HostDownloadSink | null): void {
  sink = next;
}

/**
 * Saves `bytes` as `fileName`: through the host when a sink is set, else with the table's own
 * temporary `<a download>`. Returns at once, like the table's version (an export says "done" when
 * the file has been handed over); a host that refuses is the host's dialog to explain.
 */
export function downloadBytes(bytes: Uint8Array, fileName: string, mime = XLSX_MIME, doc: Document = document): void {
  if (sink === null) {
    anchorDownload(bytes, fileName, mime, doc);
    return;
  }
  void sink({ fileName, mimeType: mime, bytes }).catch(() => false);
}

/**
 * Base64 of `bytes`, as an MCP embedded resource's `blob` carries binary content. In slices, so a
 * large workbook never becomes one call with a million arguments (`String.fromCharCode(...bytes)`
 * overflows the stack somewhere above 100,000 bytes).
 */
export function toBase64(bytes: Uint8Array): string {
  const SLICE = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  return btoa(binary);
}
