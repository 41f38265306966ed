/** Enter runs the prompt's text unless a here-document is still open. */
import { describe, expect, it } from 'vitest';
import { awaitsMore, isClear } from '../../../src/ui/terminal/prompt.js';

describe('prompt', () => {
  it('waits for the closing word of a here-document', () => {
    expect(awaitsMore('kubectl apply -f - <<EOF')).toBe(true);
    expect(awaitsMore('kubectl apply -f - <<EOF\nkind: DaemonSet')).toBe(true);
    expect(awaitsMore('kubectl apply -f - <<EOF\nkind: DaemonSet\nEOF')).toBe(false);
    expect(awaitsMore('kubectl get nodes')).toBe(false);
    expect(awaitsMore("sim node add 'a")).toBe(false);
  });

  it('knows clear', () => {
    expect(isClear(' clear ')).toBe(true);
    expect(isClear('clear nodes')).toBe(false);
  });
});
