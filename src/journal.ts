export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  world: string | null;
  durationMs: number;
}

/**
 * An entry as recorded on every request: raw numbers, formatted only when listed (formatting a date
 * and rounding per request cost a measurable share of a read's time).
 */
export type RecordedEntry = Omit<JournalEntry, 'at'> & { at: number };

const listed = (entry: RecordedEntry): JournalEntry => ({
  ...entry,
  at: new Date(entry.at).toISOString(),
  durationMs: Number(entry.durationMs.toFixed(3)),
});

/** The last requests the API answered, for tests that assert what their client sent (WireMock's journal). */
export class RequestJournal {
  private entries: RecordedEntry[] = [];
  private next = 0;
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  constructor(private readonly capacity = 1000) {}

  /** `at` in epoch ms. */
  record(entry: RecordedEntry) {
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    if (this.listeners.size) {
      const listedEntry = listed(entry);
      for (const listener of this.listeners) listener(listedEntry);
    }
  }

  /** Calls `listener` with every entry recorded from now on (the console's live list); returns the unsubscribe. */
  onRecord(listener: (entry: JournalEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Oldest first. */
  list(): JournalEntry[] {
    const ordered = this.entries.length < this.capacity ? this.entries : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    return ordered.map(listed);
  }

  clear() {
    this.entries = [];
    this.next = 0;
  }
}
