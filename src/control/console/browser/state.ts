import type { JournalEntry } from '../../journal-entry.js';
import type { SandboxRows } from '../rows.js';

export type Tab = 'requests' | 'world' | 'controls';
export type RecordKind = keyof SandboxRows;

/** Rows per page, in the request list and in the record views. */
export const PAGE = 100;

/** What the console shows; every module reads and changes this one object. */
export const state = {
  /** The chosen sandbox's id ('' for the default one), from the page's `?world=`. */
  sandboxId: new URLSearchParams(location.search).get('world') ?? '',
  tab: 'requests' as Tab,
  /** Newest first. */
  entries: [] as JournalEntry[],
  open: null as JournalEntry | null,
  page: 0,
  filters: { method: '', path: '', status: '', user: '' },
  kind: 'users' as RecordKind,
  recordPage: { offset: 0, search: '' },
};

export type FilterName = keyof typeof state.filters;
