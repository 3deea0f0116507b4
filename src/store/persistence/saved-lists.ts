/** What the log holds of a list: its length and its last item, as they were when it was saved. */
interface Mark {
  length: number;
  last: unknown;
}

/** What changed at the ends of a list since it was saved: `drop` items gone from its start, `append` added at its end. */
export interface ListEnds {
  drop: number;
  append: unknown[];
}

/**
 * The lists a save wrote, for lists that only grow at their end and lose items only at their start
 * (see savedParts' appendOnly): the next save writes the items added and how many went, found from
 * where the last item saved now stands, at a cost that follows those items and not the list.
 */
export class SavedLists {
  private marks = new WeakMap<object, Mark>();

  /** The change at the ends of `list` since its last save; undefined when no save wrote it (write it whole). */
  endsOf(list: readonly unknown[]): ListEnds | undefined {
    const mark = this.marks.get(list);
    this.marks.set(list, { length: list.length, last: list[list.length - 1] });
    if (!mark) return undefined;
    if (mark.length === 0) return { drop: 0, append: list.slice() };
    let at = list.length - 1;
    while (at >= 0 && list[at] !== mark.last) at--;
    // The last item saved is gone: more went than were kept, so the list is new from end to end.
    if (at < 0) return { drop: mark.length, append: list.slice() };
    const drop = mark.length - 1 - at;
    return drop < 0 ? undefined : { drop, append: list.slice(at + 1) };
  }

  /** The sandbox was written whole: what was marked is in it, but so is everything else, so the marks start afresh. */
  forget(): void {
    this.marks = new WeakMap();
  }
}
