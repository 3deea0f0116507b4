/**
 * The records a sandbox's recipes make when a read first needs them: each is made once and kept, so
 * it is the same record from then on (a change to it stays).
 */
export class MadeOnDemand<Recipe extends object, Made> {
  private readonly made = new Map<Recipe, Map<number, Made>>();

  constructor(
    readonly recipes: readonly Recipe[],
    private readonly make: (recipe: Recipe, number: number) => Made,
    /** Which of the recipe's records an id names, if any. */
    private readonly numberOf: (recipe: Recipe, id: string) => number | undefined,
  ) {}

  /** Record `number` of `recipe`. */
  at(recipe: Recipe, number: number): Made {
    let made = this.made.get(recipe);
    if (!made) this.made.set(recipe, (made = new Map()));
    let record = made.get(number);
    if (record === undefined) made.set(number, (record = this.make(recipe, number)));
    return record;
  }

  /** The record that a recipe makes under `id`; undefined when none does. */
  byId(id: string): Made | undefined {
    const place = this.placeOf(id);
    return place && this.at(place[0], place[1]);
  }

  /** Which recipe makes `id`, and as which of its records. */
  placeOf(id: string): [Recipe, number] | undefined {
    for (const recipe of this.recipes) {
      const number = this.numberOf(recipe, id);
      if (number !== undefined) return [recipe, number];
    }
    return undefined;
  }

  /** Makes `record` stand in for what the recipe makes under its id (a changed record read back from a file). */
  put(id: string, record: Made): boolean {
    const place = this.placeOf(id);
    if (!place) return false;
    let made = this.made.get(place[0]);
    if (!made) this.made.set(place[0], (made = new Map()));
    made.set(place[1], record);
    return true;
  }

  /** Every record made so far, with its recipe and number. */
  *madeSoFar(): IterableIterator<[Recipe, number, Made]> {
    for (const [recipe, made] of this.made) for (const [number, record] of made) yield [recipe, number, record];
  }
}
