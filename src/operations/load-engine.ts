/**
 * The engine (engine.ts), loaded once on first use; a dynamic import keeps Ajv, slow to load, out of
 * start-up (`npm run bench` section 1 measures start-up; bench/README.md has the figures).
 */
let engine: Promise<typeof import('./engine.js')> | undefined;
export const loadEngine = () => (engine ??= import('./engine.js'));
