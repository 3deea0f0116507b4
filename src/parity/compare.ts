// How a recorded answer and the simulator's answer to the same request differ: the status, the error
// message character for character, and the JSON keys only one side has. Values are not compared: ids,
// dates and tokens differ by nature.

export interface Answer {
  status: number;
  /** The body parsed as JSON; undefined when it is none. */
  body: unknown;
}

export interface Comparison {
  status: { recorded: number; simulated: number; same: boolean };
  /** When either side answered an error envelope. */
  message?: { recorded: string | null; simulated: string | null; same: boolean };
  /** When both sides answered JSON. */
  shape?: { onlyRecorded: string[]; onlySimulated: string[]; same: boolean };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A key named after a record (`{"usr_…": {...}}`) is any key. */
const keyName = (key: string) => (/^[a-z]{2,5}_[0-9a-f]{8}-/.test(key) ? '<id>' : key);

/**
 * The paths of every key in `value` (`user.tags`, `[].id`): an array stands for the keys its object items
 * share, so two lists of different records compare by what every record has.
 */
export function shapeOf(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    const items = value.filter((item) => isObject(item) || Array.isArray(item)).map((item) => shapeOf(item, `${prefix}[]`));
    if (items.length === 0) return paths;
    for (const path of items[0]!) if (items.every((shape) => shape.has(path))) paths.add(path);
  } else if (isObject(value)) {
    for (const [key, member] of Object.entries(value)) {
      const path = `${prefix}${prefix ? '.' : ''}${keyName(key)}`;
      paths.add(path);
      for (const inner of shapeOf(member, path)) paths.add(inner);
    }
  }
  return paths;
}

export const errorMessage = (body: unknown): string | null => {
  const error = isObject(body) ? body.error : undefined;
  return isObject(error) && typeof error.message === 'string' ? error.message : null;
};

/** `mapRecorded` puts the recording's ids into the simulator's in the recorded message (`User usr_… not found`). */
export function compare(recorded: Answer, simulated: Answer, mapRecorded: (text: string) => string = (text) => text): Comparison {
  const comparison: Comparison = {
    status: { recorded: recorded.status, simulated: simulated.status, same: recorded.status === simulated.status },
  };
  const messages = [errorMessage(recorded.body), errorMessage(simulated.body)] as const;
  if (messages[0] !== null || messages[1] !== null) {
    const same = messages[0] !== null && messages[1] !== null && mapRecorded(messages[0]) === messages[1];
    comparison.message = { recorded: messages[0], simulated: messages[1], same };
  }
  const json = (body: unknown) => isObject(body) || Array.isArray(body);
  if (json(recorded.body) && json(simulated.body)) {
    const [ours, theirs] = [shapeOf(recorded.body), shapeOf(simulated.body)];
    const onlyRecorded = [...ours].filter((path) => !theirs.has(path)).sort();
    const onlySimulated = [...theirs].filter((path) => !ours.has(path)).sort();
    comparison.shape = { onlyRecorded, onlySimulated, same: onlyRecorded.length === 0 && onlySimulated.length === 0 };
  }
  return comparison;
}
