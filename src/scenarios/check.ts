import * as z from 'zod';
import { FixtureError, fieldPath } from '../store/fixtures/fixtures.js';
import { ScenarioSchema, type Scenario } from './schema.js';

export interface ScenarioProblem {
  /** Where, as a JSON path: `$.rules[0].response.status`. */
  path: string;
  message: string;
}

const jsonPath = (path: readonly PropertyKey[]) => `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;

/**
 * Every problem of a scenario's contents, one per JSON path (the first: a step of the wrong form is
 * also a step with no answer), each saying what is accepted there; none for a valid one.
 */
export function scenarioProblems(raw: unknown): ScenarioProblem[] {
  const result = ScenarioSchema.safeParse(raw);
  if (result.success) return [];
  const byPath = new Map<string, string>();
  for (const issue of result.error.issues) {
    const path = jsonPath(issue.path);
    if (!byPath.has(path)) byPath.set(path, issue.message);
  }
  return [...byPath].map(([path, message]) => ({ path, message }));
}

/** A valid scenario, or a FixtureError naming `source` and the first problem's field. */
export function parseScenario(raw: unknown, source: string): Scenario {
  const result = ScenarioSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new FixtureError(source, fieldPath(issue.path), issue.message, 'scenario');
}

/** The JSON Schema of a scenario file, from the zod schema that checks them: what an editor can check as you type. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioSchema, {
      io: 'input',
      unrepresentable: 'any',
      // zod names its startsWith check as a format no JSON Schema validator knows; the pattern says it.
      override: ({ zodSchema, jsonSchema }) => {
        if (jsonSchema.format === 'starts_with') delete jsonSchema.format;
        // A matcher record looks at its raw keys before it is a record (see matcherRecord): describe the record.
        const def = zodSchema._zod.def;
        if (def.type === 'pipe' && def.in._zod.def.type === 'unknown') {
          const { $schema: _, ...record } = z.toJSONSchema(def.out, { io: 'input', unrepresentable: 'any' });
          Object.assign(jsonSchema, record);
        }
      },
    }),
    // The specifier a consumer imports it by (package.json `exports`), which names it uniquely.
    $id: 'social-platform-mock-api/scenario.schema.json',
    title: 'mock-api scenario',
  };
}
