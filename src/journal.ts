export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  world: string | null;
  durationMs: number;
}

/** The last requests the API answered, for tests that assert what their client sent (WireMock's journal). */
export class RequestJournal {
  private entries: JournalEntry[] = [];
  private next = 0;

  constructor(private readonly capacity = 1000) {}

  record(entry: JournalEntry) {
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  list(): JournalEntry[] {
    if (this.entries.length < this.capacity) return [...this.entries];
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  clear() {
    this.entries = [];
    this.next = 0;
  }
}
