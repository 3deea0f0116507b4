/**
 * Which folder of src/ may import which (`npm run lint` runs it). The layers, bottom to top; a layer
 * imports only from the layers below it and from itself:
 *
 *   1. base         src/errors.ts, src/limits.ts,        the catalogues of messages and of limits, zod helpers
 *                   src/schema/
 *   2. store        src/store/                           the simulator's state: records, indexes, recipes,
 *                                                        fixtures, persistence, the per-world event bus
 *   3. helpers      src/http/, the operations engine     request/response helpers (AppEnv names the store's
 *                   (src/operations/ but the wiring)     world and user); operations table, contract and
 *                                                        generated answers (the miscellaneous area builds
 *                                                        some of its answers with the engine)
 *   4. areas        src/areas/<tag>/                     one tag of the public description each; another
 *                                                        area only through its public.ts
 *   5. platform     src/operations/{wiring,generated,records,control}.ts and src/scenarios/
 *                   -> src/pipeline/ (its upgrade reads scenarios' User-Agent rule)
 *                   -> src/control/ (journal, console, /_mock routes; uses scenarios and pipeline)
 *   6. main         src/main/                            app, server, CLI, library index, boot
 */

const WIRING = '^src/operations/(wiring|generated|records|control)\\.ts$';
const ENGINE = '^src/operations/(?!(wiring|generated|records|control)\\.ts$)';
const PLATFORM = ['^src/(scenarios|pipeline|control)/', WIRING];

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
    forbid('store-stays-below', 'The store never imports HTTP helpers, an area or the platform.', '^src/store/', [
      '^src/(http|areas|main)/',
      '^src/operations/',
      ...PLATFORM,
    ]),
    forbid(
      'helpers-stay-below-areas',
      'HTTP helpers and the operations engine never import an area or the platform.',
      ['^src/http/', ENGINE],
      ['^src/(areas|main)/', ...PLATFORM],
    ),
    forbid('areas-stay-below-platform', 'An area uses the store and the helpers, never the platform above it.', '^src/areas/', [
      '^src/main/',
      ...PLATFORM,
    ]),
    {
      name: 'areas-meet-through-public',
      comment: "An area imports another area only through that area's public.ts.",
      severity: 'error',
      from: { path: '^src/areas/([^/]+)/' },
      to: { path: '^src/areas/', pathNot: ['^src/areas/$1/', '^src/areas/[^/]+/public\\.ts$'] },
    },
    forbid(
      'wiring-and-scenarios-below-pipeline',
      'The operations wiring and scenarios sit below the event socket and the control plane.',
      [WIRING, '^src/scenarios/'],
      ['^src/(pipeline|control|main)/'],
    ),
    {
      name: 'wiring-and-scenarios-apart',
      comment: 'The operations wiring and the scenario engine do not know each other.',
      severity: 'error',
      from: { path: WIRING },
      to: { path: '^src/scenarios/' },
    },
    {
      name: 'scenarios-without-wiring',
      comment: 'The operations wiring and the scenario engine do not know each other.',
      severity: 'error',
      from: { path: '^src/scenarios/' },
      to: { path: WIRING },
    },
    forbid('pipeline-below-control', 'The event socket sits below the control plane.', '^src/pipeline/', ['^src/(control|main)/', WIRING]),
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
