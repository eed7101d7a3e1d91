/**
 * Browser downloads of bytes made on the client (the SimpleTable's XLSX export).
 *
 * @module
 */
import { XLSX_MIME } from '../../src/core/table-model/xlsx';

/**
 * Saves bytes as a file through a Blob, an object URL and a temporary `<a download>` (no markup
 * strings). The URL is revoked later, once the browser has started the download.
 */
export function downloadBytes(bytes: Uint8Array, fileName: string, mime = XLSX_MIME, doc: Document = document): void {
  const view = doc.defaultView;
  if (!view) throw new Error('downloadBytes needs a document with a window');
  const url = view.URL.createObjectURL(new view.Blob([bytes as BlobPart], { type: mime }));
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  doc.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers; a minute later is always safe.
  view.setTimeout(() => view.URL.revokeObjectURL(url), 60_000);
}
