/** The words the editor shows for a file's state (the machine's state, never colour alone). */
import type { EditorStateName } from '../../machines/editor.js';

export function statusWords(state: EditorStateName, errors: number): string {
  switch (state) {
    case 'clean':
      return 'Applied';
    case 'dirty':
      return 'Not applied';
    case 'invalid':
      return errors === 1 ? '1 error' : `${errors} errors`;
    case 'applying':
      return 'Applying…';
  }
}
