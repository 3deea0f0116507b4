// The recording's ids in the simulator's world: an id a recorded answer holds that the replayed answer
// holds another id in place of (the same JSON path) names that other record from then on.

const ID = /^(usr|grp|avtr|wrld|file)_[0-9A-Za-z-]+$/;

export class IdMap {
  private readonly ids = new Map<string, string>();

  get size() {
    return this.ids.size;
  }

  /** Learns from a recorded answer and the simulator's answer to the same request. */
  learn(recorded: unknown, simulated: unknown) {
    if (typeof recorded === 'string' && typeof simulated === 'string') {
      const kind = ID.exec(recorded)?.[1];
      if (kind && recorded !== simulated && simulated.startsWith(`${kind}_`) && ID.test(simulated) && !this.ids.has(recorded))
        this.ids.set(recorded, simulated);
      return;
    }
    if (Array.isArray(recorded) && Array.isArray(simulated)) {
      recorded.forEach((item, i) => this.learn(item, simulated[i]));
    } else if (recorded && simulated && typeof recorded === 'object' && typeof simulated === 'object') {
      for (const [key, value] of Object.entries(recorded)) {
        if (Object.hasOwn(simulated, key)) this.learn(value, (simulated as Record<string, unknown>)[key]);
      }
    }
  }

  /** `text` (a path, a query, a body, a message) with each learnt id replaced. */
  apply(text: string): string {
    let mapped = text;
    for (const [recorded, simulated] of this.ids) mapped = mapped.replaceAll(recorded, simulated);
    return mapped;
  }
}
