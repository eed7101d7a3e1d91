/**
 * jsdom has no modal dialogs. The library's dialogs (the column chooser, the SimpleTable column
 * menu) only need `showModal` and `close` to toggle `open` and fire `close`; the real ones run in
 * Chromium (test/e2e). Call from `beforeAll`; a jsdom that has them keeps its own.
 */
export function fakeModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
