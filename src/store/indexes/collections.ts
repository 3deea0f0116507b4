import { WatchedMap } from '../watched-map.js';

/**
 * The mechanism of the indexes that keep fixture collections as they are, each either in a Map by a
 * key read off every record or as a list: a layout names how each collection is kept, and the same
 * layout builds the index from the data and reads it back out as the data a snapshot keeps.
 */

type Row<Collection> = Collection extends readonly (infer T)[] ? T : never;

/** In a Map by the key this reads off each record, or `'list'`: an array in the data's order. */
export type Keeping<T> = ((record: T) => string) | 'list';

export type Layout<Data> = { readonly [Name in keyof Data]: Keeping<Row<Data[Name]>> };

export type Indexed<Data, L extends Layout<Data>> = {
  readonly [Name in keyof Data]: L[Name] extends 'list' ? Row<Data[Name]>[] : Map<string, Row<Data[Name]>>;
};

export const byId = (record: { id: string }) => record.id;

export function indexCollections<Data, L extends Layout<Data>>(layout: L, data: Data): Indexed<Data, L> {
  const index: Record<string, unknown> = {};
  for (const [name, keep] of Object.entries(layout as Record<string, Keeping<unknown>>)) {
    const records = data[name as keyof Data] as unknown[];
    index[name] =
      keep === 'list'
        ? [...records]
        : new WatchedMap(
            records.map((record) => [keep(record), record]),
            keep === byId ? 'id' : undefined,
          );
  }
  return index as Indexed<Data, L>;
}

/** The index read back out as fixture collections (what a snapshot keeps). */
export function collectionsOf<Data, L extends Layout<Data>>(layout: L, index: Indexed<Data, L>): Data {
  const data: Record<string, unknown[]> = {};
  for (const name of Object.keys(layout)) {
    const kept = index[name as keyof Data] as unknown[] | Map<string, unknown>;
    data[name] = Array.isArray(kept) ? [...kept] : [...kept.values()];
  }
  return data as Data;
}
