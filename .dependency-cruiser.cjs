/**
 * Which folder of src/ may import which (`npm run lint` runs it). The layers, bottom to top; a layer
 * imports only from the layers below it and from itself:
 *
 *   1. base         src/errors.ts, src/limits.ts,        the catalogues of messages and of limits, zod helpers
 *                   src/schema/
 *   2. store        src/store/                           the simulator's state: records, indexes, recipes,
 *                                                        fixtures, persistence, the per-world event bus
 *   3. helpers      src/http/, src/operations/           request/response helpers, the session a request names
 *                                                        and its cookies (AppEnv names the store's world and
 *                                                        user); the operations table, contract and generated-
 *                                                        answer engine (the miscellaneous area builds some of
 *                                                        its answers with the engine)
 *   4. areas        src/areas/<tag>/                     one tag of the public description each; another
 *                                                        area only through its public.ts
 *   5. platform     src/routing/ and src/scenarios/      every operation routed, with the session check and
 *                   -> src/pipeline/                     generated answers; scripted failures; the event socket
 *                   -> src/control/                      (its upgrade reads scenarios' User-Agent rule); the
 *                                                        journal, console, /_mock routes
 *   6. main         src/main/                            app, server, CLI, library index, boot
 *
 * Everything outside src/areas/ (helpers, platform, main, conformance, parity) reads an area only through
 * its public.ts; main/app.ts reads the areas' sub-apps from src/areas/sub-apps.ts.
 */

const PLATFORM = ['^src/(routing|scenarios|pipeline|control)/'];

/** Forbids `from` to import any of `to`. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through its imports. A type-only import is erased from the output ' +
        '(verbatimModuleSyntax), so it adds no load-order loop: a module may name the type of a module that imports it.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    forbid(
      'base-imports-nothing-above',
      'errors.ts, limits.ts and schema/ are the bottom layer.',
      '^src/((errors|limits)\\.ts$|schema/)',
      '^src/(?!(errors|limits)\\.ts$|schema/)',
    ),
    forbid('store-stays-below', 'The store never imports HTTP helpers, the operations, an area or the platform.', '^src/store/', [
      '^src/(http|operations|areas|main)/',
      ...PLATFORM,
    ]),
    forbid(
      'helpers-stay-below-areas',
      'HTTP helpers and the operations (table, contract, engine) never import an area or the platform.',
      '^src/(http|operations)/',
      ['^src/(areas|main)/', ...PLATFORM],
    ),
    forbid('areas-stay-below-platform', 'An area uses the store and the helpers, never the platform above it.', '^src/areas/', [
      '^src/main/',
      ...PLATFORM,
    ]),
    {
      name: 'platform-meets-areas-through-public',
      comment:
        "Outside src/areas/, an area is read only through its public.ts; main/app.ts mounts the areas' sub-apps " +
        'from src/areas/sub-apps.ts (a public.ts offering its sub-app would make a cycle of the areas).',
      severity: 'error',
      from: { path: '^src/(?!areas/)', pathNot: '^src/main/app\\.ts$' },
      to: { path: '^src/areas/', pathNot: '^src/areas/[^/]+/public\\.ts$' },
    },
    {
      name: 'sub-apps-for-the-app',
      comment: "Only main/app.ts reads src/areas/sub-apps.ts, and from it only what areas' public.ts offer besides.",
      severity: 'error',
      from: { path: '^src/main/app\\.ts$' },
      to: { path: '^src/areas/', pathNot: ['^src/areas/[^/]+/public\\.ts$', '^src/areas/sub-apps\\.ts$'] },
    },
    {
      name: 'sub-apps-list-apart',
      comment: 'An area never imports the list of sub-apps: it imports every area.',
      severity: 'error',
      from: { path: '^src/(?!main/app\\.ts$)' },
      to: { path: '^src/areas/sub-apps\\.ts$' },
    },
    {
      name: 'areas-meet-through-public',
      comment: "An area imports another area only through that area's public.ts.",
      severity: 'error',
      from: { path: '^src/areas/([^/]+)/' },
      to: { path: '^src/areas/', pathNot: ['^src/areas/$1/', '^src/areas/[^/]+/public\\.ts$'] },
    },
    forbid(
      'routing-and-scenarios-below-pipeline',
      'The routing of operations and scenarios sit below the event socket and the control plane.',
      '^src/(routing|scenarios)/',
      '^src/(pipeline|control|main)/',
    ),
    forbid(
      'routing-and-scenarios-apart',
      'The routing of operations and the scenario engine do not know each other.',
      '^src/routing/',
      '^src/scenarios/',
    ),
    forbid(
      'scenarios-without-routing',
      'The routing of operations and the scenario engine do not know each other.',
      '^src/scenarios/',
      '^src/routing/',
    ),
    forbid('pipeline-below-control', 'The event socket sits below the control plane.', '^src/pipeline/', '^src/(control|main|routing)/'),
    forbid('control-below-main', 'The control plane sits below main/.', '^src/control/', '^src/main/'),
    forbid(
      'parity-from-its-commands',
      'record and drift (src/parity/) load only when their command runs: only main/parity-commands.ts imports them.',
      '^src/(?!parity/|main/parity-commands\\.ts$)',
      '^src/parity/',
    ),
  ],
  options: {
    includeOnly: '^src/',
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports are edges too: a layer may not name a higher layer's types either.
    tsPreCompilationDeps: true,
  },
};
