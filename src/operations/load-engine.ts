/**
 * The engine (engine.ts), loaded once on first use; a dynamic import keeps it out of start-up (Ajv alone
 * took tens of milliseconds to load; `npm run bench` section 1 measures start-up).
 */
let engine: Promise<typeof import('./engine.js')> | undefined;
export const loadEngine = () => (engine ??= import('./engine.js'));
