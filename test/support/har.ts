import { createRequire } from 'node:module';
import type { Har } from '../../src/control/har-types.js';

/** har-validator (HAR 1.2's JSON Schema, har-schema, under ajv): no types of its own. */
const validator = createRequire(import.meta.url)('har-validator') as { har(data: unknown): Promise<unknown> };

/** The schema's complaints about `har`, as `<path> <message>` lines; none for a valid HAR. */
export async function harProblems(har: Har | unknown): Promise<string[]> {
  try {
    await validator.har(har);
    return [];
  } catch (error) {
    const errors = (error as { errors?: { dataPath?: string; instancePath?: string; message?: string }[] }).errors ?? [];
    return errors.length ? errors.map((e) => `${e.dataPath ?? e.instancePath ?? ''} ${e.message ?? ''}`) : [String(error)];
  }
}
