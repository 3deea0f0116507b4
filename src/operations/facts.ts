/** What start-up knows of one operation of the public description (src/operations/table.ts). */
export interface OperationFacts {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  /** The description's template, `{name}` for a parameter: `/worlds/{worldId}`. */
  path: string;
  operationId: string;
  tag: string;
  /** False where the description's `security` is an empty list: answered without a session. */
  session: boolean;
}
