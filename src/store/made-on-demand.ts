/**
 * The records a world's recipes make when a read first needs them: each is made once and kept, so
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
    for (const recipe of this.recipes) {
      const number = this.numberOf(recipe, id);
      if (number !== undefined) return this.at(recipe, number);
    }
    return undefined;
  }
}
