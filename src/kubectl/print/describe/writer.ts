/**
 * The writer every describer prints through: describe.go's `PrefixWriter` (two spaces per level)
 * over `tabbedString`'s Go tab writer (`Init(buf, 0, 8, 2, ' ', 0)`). Cells end at tabs; a line
 * without a tab ends every column block, which is why `Name:` and `Pods Status:` align apart.
 */
import { TabWriter, TABBED_STRING } from '../../format/tabwriter.js';

export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;

export interface PrefixWriter {
  /** Writes `text` indented by `level` × two spaces. */
  write(level: number, text: string): void;
  /** `WriteLine`: `text` and a newline, no indent. */
  writeLine(text: string): void;
  /** Formats everything so far (upstream `Flush`, before the events table). */
  flush(): void;
}

/** A PrefixWriter that writes raw text (no alignment): `printTemplate` for rollout history/undo. */
export class RawPrefixWriter implements PrefixWriter {
  text = '';
  write(level: number, text: string): void {
    this.text += '  '.repeat(level) + text;
  }
  writeLine(text: string): void {
    this.text += `${text}\n`;
  }
  flush(): void {}
}

class TabbedPrefixWriter implements PrefixWriter {
  constructor(private readonly tw: TabWriter) {}
  write(level: number, text: string): void {
    this.tw.write('  '.repeat(level) + text);
  }
  writeLine(text: string): void {
    this.tw.write(`${text}\n`);
  }
  flush(): void {
    this.tw.flush();
  }
}

/** `tabbedString`: runs `f` against an aligned PrefixWriter and returns the text. */
export function tabbedString(f: (w: PrefixWriter) => void): string {
  const tw = new TabWriter(TABBED_STRING);
  f(new TabbedPrefixWriter(tw));
  return tw.flush().output;
}
