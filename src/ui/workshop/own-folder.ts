/**
 * An instructor's own lesson folder (read from a zip chosen from disk) kept in the page's
 * localStorage, so a reload opens it again instead of losing it: its name and its lesson files
 * as text, checked again on every load as a freshly chosen zip is. Nothing in it is ever run as
 * code. localStorage is small and shared by the site's pages, so a folder is kept only up to
 * MAX_KEPT of text; a bigger one stays open until the page is left, and the page says so.
 */
import type { PlaygroundStorage } from '../persist.js';
import { mb } from './lesson-zip.js';

/** The storage entry's name, under the own-folder page's playground storage. */
export const OWN_FOLDER = 'own-folder';
/** The most text a kept folder may hold (its files as JSON, in characters). */
export const MAX_KEPT = 1024 * 1024;

export interface KeptFolder {
  /** The zip's file name. */
  readonly name: string;
  /** Path -> text, as lesson-zip.ts read them. */
  readonly files: Readonly<Record<string, string>>;
}

/** Keeps `folder`; returns why it is not kept (too big, storage full), in words, or undefined. */
export function keepFolder(storage: PlaygroundStorage, folder: KeptFolder): string | undefined {
  const size = JSON.stringify(folder.files).length;
  if (size > MAX_KEPT) return `${folder.name} is not kept in this browser: its lesson files hold ${mb(size)} of text, more than the ${mb(MAX_KEPT)} a kept folder may hold. It stays open until you leave or reload this page.`;
  const failed = storage.write(OWN_FOLDER, folder);
  return failed ? `${folder.name} is not kept in this browser: ${failed}. It stays open until you leave or reload this page.` : undefined;
}

/** The folder kept, if there is one of the shape written (anything else is ignored). */
export function keptFolder(storage: PlaygroundStorage): KeptFolder | undefined {
  const kept = storage.read<unknown>(OWN_FOLDER);
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { name, files } = kept as Record<string, unknown>;
  if (typeof name !== 'string' || typeof files !== 'object' || files === null) return undefined;
  if (!Object.values(files).every((t) => typeof t === 'string')) return undefined;
  return { name, files: files as Record<string, string> };
}

/** Forgets the folder kept. */
export function forgetFolder(storage: PlaygroundStorage): void {
  storage.remove(OWN_FOLDER);
}
