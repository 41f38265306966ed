/**
 * What Enter means at the prompt: run the text, or, while a here-document is still open (its
 * closing word not typed yet), start a new line as a shell's continuation prompt does.
 */
import { parseScript } from '../../kubectl/script.js';

export function awaitsMore(text: string): boolean {
  const parsed = parseScript(text);
  return 'error' in parsed && parsed.error.includes('here-document delimited by end-of-file');
}

/** `clear` alone (as a shell's) empties the transcript; it is not a command of the cluster. */
export function isClear(text: string): boolean {
  return text.trim() === 'clear';
}
