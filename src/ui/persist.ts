/**
 * Nothing lost: a playground's work in localStorage, under keys of its own id, each value in a
 * versioned envelope so a later page never misreads an older shape (it ignores it instead).
 * Saving can fail (the quota is full, storage is blocked): the error comes back as a message the
 * page shows, never as an exception that loses the session.
 *
 * What is saved, by name: `session` (the session log and the editor files), `previous` (the
 * session a new cluster last replaced, restorable), `history` (the terminal's commands). The
 * editor may keep its own state here too (`editor`, through `read`/`write`).
 */

/** The envelope version; a value written with another is ignored on read. */
export const STORAGE_VERSION = 1;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface Envelope<T> {
  readonly v: number;
  readonly data: T;
}

export class PlaygroundStorage {
  constructor(
    private readonly storage: StorageLike | undefined,
    private readonly id: string,
  ) {}

  /** The stored value, or undefined when absent, unreadable or of another version. */
  read<T>(name: string): T | undefined {
    try {
      const raw = this.storage?.getItem(this.key(name));
      if (!raw) return undefined;
      const env = JSON.parse(raw) as Envelope<T>;
      return env && env.v === STORAGE_VERSION ? env.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stores a value; returns what went wrong (in words), or undefined when it was saved. */
  write<T>(name: string, data: T): string | undefined {
    if (!this.storage) return 'this browser offers no local storage, so nothing can be saved';
    try {
      this.storage.setItem(this.key(name), JSON.stringify({ v: STORAGE_VERSION, data } satisfies Envelope<T>));
      return undefined;
    } catch (e) {
      const quota = e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
      return quota ? 'the browser storage for this site is full' : `the browser refused to store it (${e instanceof Error ? e.message : String(e)})`;
    }
  }

  remove(name: string): void {
    try {
      this.storage?.removeItem(this.key(name));
    } catch {
      // Nothing to do: the value stays, and reading it later is still safe.
    }
  }

  private key(name: string): string {
    return `everynode:${this.id}:${name}`;
  }
}
