/** The engine (engine.ts), loaded once on first use; a dynamic import keeps it out of start-up. */
let engine: Promise<typeof import('./engine.js')> | undefined;
export const loadEngine = () => (engine ??= import('./engine.js'));
