import type { FileRecord } from '../records/files.js';
import { recipeFile, recipeFileNumber, type FilesRecipe } from '../recipes/files.js';
import { MadeOnDemand } from '../made-on-demand.js';
import { sameData, type RecipeEdits } from '../recipes/recipes.js';
import type { Watchable, Watcher } from '../watched-map.js';

/** An owner's files in a recipe: its numbers owner, owner + n, owner + 2n... (n: the recipe's owners). */
interface PlannedFiles {
  recipe: FilesRecipe;
  owner: number;
}

/**
 * The sandbox's files, by id and by owner. A recipe's files are made one at a time when a read needs
 * them, by id or in their owner's list, and kept: a made file is the same record from then on.
 */
export class FileIndex implements Watchable {
  watcher: Watcher | undefined = undefined;
  readonly keyedBy = 'id';
  /** The files the sandbox was built with, then the files added since: by id, in that order. */
  private readonly records = new Map<string, FileRecord>();
  private builtWith: number;
  private readonly builtWithIds: Set<string>;
  /** Owner id -> their files, oldest first: built-with, then recipe ones (once made), then added. */
  private readonly lists = new Map<string, FileRecord[]>();
  private readonly planned = new Map<string, PlannedFiles>();
  private readonly recipeFiles: MadeOnDemand<FilesRecipe, FileRecord>;
  /** Generated files deleted since: their recipe would make them again. */
  private readonly deleted = new Set<string>();
  /** Owners whose list PUT /files/order rearranged: the records' order no longer says theirs (see savedOrder). */
  private readonly reordered = new Set<string>();

  /**
   * `edits` (from a database file) tell which of `files` stand in for recipe files, which recipe
   * files are gone and which files come before the recipes' (the others come after).
   */
  constructor(files: readonly FileRecord[], recipes: readonly FilesRecipe[] = [], edits?: RecipeEdits) {
    this.recipeFiles = new MadeOnDemand(recipes, recipeFile, recipeFileNumber);
    const first = edits && new Set(edits.filesFirst);
    const after: FileRecord[] = [];
    for (const file of files) {
      if (edits && this.recipeFiles.put(file.id, file)) continue;
      if (first && !first.has(file.id)) {
        after.push(file);
        continue;
      }
      this.records.set(file.id, file);
      this.listOf(file.ownerId).push(file);
    }
    for (const id of edits?.gone ?? []) if (this.recipeFiles.placeOf(id)) this.deleted.add(id);
    this.builtWith = this.records.size;
    this.builtWithIds = new Set(this.records.keys());
    recipes.forEach((recipe, k) => {
      for (let owner = 0; owner < Math.min(recipe.count, recipe.ownerIds.length); owner++) {
        const ownerId = recipe.ownerIds[owner]!;
        if (k > 0) this.makeOwned(ownerId); // an owner in two recipes: the first one's files are made first
        this.planned.set(ownerId, { recipe, owner });
      }
    });
    for (const file of after) this.add(file);
  }

  /**
   * The files as a database file keeps them, no recipe file made: those before the recipes', the
   * recipe files a write changed, then those after; and the recipe files gone.
   */
  savedForm(): { files: FileRecord[]; first: string[]; gone: string[] } {
    const all = [...this.records.values()];
    const changed: FileRecord[] = [];
    for (const [recipe, number, file] of this.recipeFiles.madeSoFar()) {
      if (!this.deleted.has(file.id) && !sameData(file, recipeFile(recipe, number))) changed.push(file);
    }
    const first = all.slice(0, this.builtWith);
    const gone = [...this.deleted].filter((id) => this.recipeFiles.placeOf(id));
    return { files: [...first, ...changed, ...all.slice(this.builtWith)], first: first.map((file) => file.id), gone };
  }

  /** The recipes the sandbox's generated files come from. */
  get recipes(): readonly FilesRecipe[] {
    return this.recipeFiles.recipes;
  }

  get(fileId: string): FileRecord | undefined {
    this.watcher?.reachKey(fileId);
    if (this.deleted.has(fileId)) return undefined;
    return this.records.get(fileId) ?? this.recipeFiles.byId(fileId);
  }

  /** Takes a file out of reads, its owner's list and every listing. */
  delete(file: FileRecord): void {
    this.watcher?.reachKey(file.id);
    this.makeOwned(file.ownerId);
    if (this.records.delete(file.id) && this.builtWithIds.delete(file.id)) this.builtWith--;
    this.deleted.add(file.id);
    const list = this.lists.get(file.ownerId);
    const at = list?.indexOf(file) ?? -1;
    if (at !== -1) list!.splice(at, 1);
  }

  /** The owner's files, oldest first. */
  ownedBy(ownerId: string): readonly FileRecord[] {
    this.watcher?.reachAll();
    this.makeOwned(ownerId);
    return this.lists.get(ownerId) ?? [];
  }

  /** How many files the sandbox holds as records (generated ones a recipe has not made aside). */
  get held(): number {
    return this.records.size;
  }

  /** How many versions the files held as records have together. */
  heldVersions(): number {
    let total = 0;
    for (const file of this.records.values()) total += file.versions.length;
    return total;
  }

  /** A new file: the newest of its owner's. */
  add(file: FileRecord): void {
    this.watcher?.reachKey(file.id);
    this.makeOwned(file.ownerId);
    this.records.set(file.id, file);
    this.listOf(file.ownerId).push(file);
  }

  /** Moves the owner's given files, in the given order, to the newest end of their list (the head of GET /files). */
  putFirst(ownerId: string, files: readonly FileRecord[]): void {
    // The order it sets is not the records' order: saved with the whole collection.
    this.watcher?.reachAll();
    // The owner's recipe files join the list first, or they would be added after the moved ones.
    this.makeOwned(ownerId);
    const moved = new Set(files);
    const rest = this.listOf(ownerId).filter((file) => !moved.has(file));
    this.lists.set(ownerId, [...rest, ...[...files].reverse()]);
    this.reordered.add(ownerId);
  }

  /** The lists PUT /files/order rearranged, as file ids oldest first: what the records' order cannot say. */
  savedOrder(): Map<string, string[]> {
    return new Map([...this.reordered].map((ownerId) => [ownerId, this.listOf(ownerId).map((file) => file.id)]));
  }

  /**
   * Puts back lists as savedOrder gave them. An owner's files the order does not name (added after
   * it was saved) follow those it names, in their own order; ids of files gone or not the owner's are passed over.
   */
  putOrder(order: ReadonlyMap<string, readonly string[]>): void {
    for (const [ownerId, ids] of order) {
      this.makeOwned(ownerId);
      const unnamed = new Map(this.listOf(ownerId).map((file) => [file.id, file]));
      const named: FileRecord[] = [];
      for (const id of ids) {
        const file = unnamed.get(id);
        if (!file) continue;
        unnamed.delete(id);
        named.push(file);
      }
      this.lists.set(ownerId, [...named, ...unnamed.values()]);
      this.reordered.add(ownerId);
    }
  }

  /** Every file, made if need be: built-with, then recipe ones, then added. */
  *values(): IterableIterator<FileRecord> {
    this.watcher?.reachAll();
    let seen = 0;
    const added: FileRecord[] = [];
    for (const file of this.records.values()) {
      if (seen++ < this.builtWith) yield file;
      else added.push(file);
    }
    for (const recipe of this.recipeFiles.recipes) {
      for (let i = 0; i < recipe.count; i++) {
        const file = this.recipeFiles.at(recipe, i);
        if (!this.deleted.has(file.id)) yield file;
      }
    }
    yield* added;
  }

  private listOf(ownerId: string): FileRecord[] {
    let list = this.lists.get(ownerId);
    if (!list) this.lists.set(ownerId, (list = []));
    return list;
  }

  private makeOwned(ownerId: string): void {
    const planned = this.planned.get(ownerId);
    if (!planned) return;
    this.planned.delete(ownerId);
    const { recipe, owner } = planned;
    const list = this.listOf(ownerId);
    for (let i = owner; i < recipe.count; i += recipe.ownerIds.length) {
      const file = this.recipeFiles.at(recipe, i);
      if (!this.deleted.has(file.id)) list.push(file);
    }
  }
}
