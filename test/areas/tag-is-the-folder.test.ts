import { readdirSync } from 'node:fs';
import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/env.js';
import { describe, expect, it } from 'vitest';
import { areaSubApps } from '../../src/areas/sub-apps.js';
import { operationsServedBy } from '../../src/operations/lookup.js';
import { operations } from '../../src/operations/table.js';

/** Routes an area serves that are no operation of the description, each with the reason it is there. */
const NOT_OPERATIONS: Record<string, string> = {
  'GET /instances/discover': 'instances: the live service answers it; the description does not list it',
  'GET /file/:fileId/:versionId/:fileType': "files: the url of a finished part's bytes that every FileData carries",
  'DELETE /users/:userId/tutorial': 'users: the live service clears tutorials; the description lists only the read',
};

/** Operations an area routes under another tag, each with the reason (none today). */
const ROUTED_ELSEWHERE: Record<string, { area: string; reason: string }> = {};

const areasDir = new URL('../../src/areas/', import.meta.url);
const folders = readdirSync(areasDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every sub-app a folder's modules export (a sub-app mounted into another one is exported too). */
async function exportedSubApps(folder: string): Promise<Hono<AppEnv>[]> {
  const apps: Hono<AppEnv>[] = [];
  for (const file of readdirSync(new URL(`${folder}/`, areasDir))) {
    if (!file.endsWith('.ts')) continue;
    const module: Record<string, unknown> = await import(new URL(`${folder}/${file}`, areasDir).href);
    for (const value of Object.values(module)) if (value instanceof Hono) apps.push(value as Hono<AppEnv>);
  }
  return apps;
}

const endpoints = (app: Hono<AppEnv>) =>
  app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`);

const operationsOf = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return operationsServedBy(method, path);
};

describe('the tag is the folder', () => {
  it('every folder of src/areas/ is a tag of the operations table, and lists its sub-apps under that tag', () => {
    const tags = new Set(operations.map((op) => op.tag));
    for (const folder of folders) expect(tags.has(folder), folder).toBe(true);
    expect(Object.keys(areaSubApps).sort()).toEqual([...folders].sort());
  });

  it.each(folders)('every route of the %s sub-apps is an operation of that tag', (folder) => {
    const misplaced: string[] = [];
    for (const route of areaSubApps[folder]!.flatMap(endpoints)) {
      const served = operationsOf(route);
      if (served.length === 0 && !NOT_OPERATIONS[route]) misplaced.push(`${route}: no operation (list it in NOT_OPERATIONS with a reason)`);
      for (const op of served) {
        if (op.tag === folder || ROUTED_ELSEWHERE[op.operationId]?.area === folder) continue;
        misplaced.push(`${route}: ${op.operationId} is tagged ${op.tag}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it.each(folders)('every sub-app the %s folder exports is mounted under its tag', async (folder) => {
    const mounted = new Set(areaSubApps[folder]!.flatMap(endpoints));
    const found = (await exportedSubApps(folder)).flatMap(endpoints);
    expect(found.filter((route) => !mounted.has(route))).toEqual([]);
    for (const app of areaSubApps[folder]!)
      expect((await exportedSubApps(folder)).includes(app), `a sub-app listed under ${folder}`).toBe(true);
  });

  it('no two areas route the same method and path', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [tag, apps] of Object.entries(areaSubApps)) {
      for (const route of new Set(apps.flatMap(endpoints))) {
        const other = seen.get(route);
        if (other) twice.push(`${route}: ${other} and ${tag}`);
        seen.set(route, tag);
      }
    }
    expect(twice).toEqual([]);
  });
});
