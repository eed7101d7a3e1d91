/**
 * The `xlsx` package as the browser bundle has it: the page's own SheetJS build (`window.XLSX`,
 * e.g. `<script src="…/xlsx.full.min.js">`), which the bundle does not carry. The bundle's build
 * (vite.config.ts, mode `iife`) puts this module in the package's place; the exports read follow
 * the page's global when the first export runs. Without it, loading this module throws, and the
 * export says which package the page lacks, as in an app that did not install `xlsx`.
 *
 * @module
 */
import type * as Xlsx from 'xlsx';

const page = (globalThis as { XLSX?: typeof Xlsx }).XLSX;
// Worded as a missing package (`missingPackagesIn` reads "Cannot find package 'xlsx'"), which it is
// for this page: the export then names the package on screen, as in an app without it.
if (page === undefined || typeof page.write !== 'function') throw new Error("Cannot find package 'xlsx': the page has no window.XLSX; add SheetJS's script tag (xlsx.full.min.js) before the bundle");

export const utils: typeof Xlsx.utils = page.utils;
export const write: typeof Xlsx.write = page.write;
