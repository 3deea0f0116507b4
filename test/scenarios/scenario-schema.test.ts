import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'mock-api.cjs');
const scenarioFiles = readdirSync(join(root, 'scenarios')).filter((name) => name.endsWith('.json'));
const schema = JSON.parse(readFileSync(join(root, 'dist', 'scenario.schema.json'), 'utf8'));
const validate = new Ajv2020({ allErrors: true }).compile(schema);

const bad = {
  name: '',
  rules: [{ match: { path: 'groups', colour: 'red' }, response: { status: 99 } }, { match: { path: '/x' }, times: 0 }],
};

describe('the JSON Schema of scenario files', () => {
  it.each(scenarioFiles)('names the shipped schema in scenarios/%s, which it validates', (name) => {
    const file = join(root, 'scenarios', name);
    const scenario = JSON.parse(readFileSync(file, 'utf8'));
    expect(existsSync(resolve(dirname(file), scenario.$schema))).toBe(true);
    expect(validate(scenario), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses what the server refuses', () => {
    expect(validate(bad)).toBe(false);
  });
});

describe('mock-api scenario check', () => {
  it('prints every problem with its JSON path, exit code 1', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-scenario-')), 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const result = spawnSync(process.execPath, [bin, 'scenario', 'check', file], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(1);
    const paths = result.stdout.trim().split('\n').map((line) => line.slice(file.length + 2).split(': ')[0]);
    expect(paths).toEqual(['$.name', '$.rules[0].match.path', '$.rules[0].match', '$.rules[0].response.status', '$.rules[1].times', '$.rules[1]']);
  });

  it('names the accepted form of a sequence step in the wrong form', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mock-api-scenario-')), 'steps.json');
    writeFileSync(file, JSON.stringify({ name: 'x', rules: [{ match: { path: '/x' }, sequence: [{ response: { status: 503 } }, { status: 503 }] }] }));
    const result = spawnSync(process.execPath, [bin, 'scenario', 'check', file], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${file}: $.rules[0].sequence[1]: must not have "status" (expected {"response": {"status": …}}, {"fault": "…"} or {"delayMs": …})\n`);
  });

  it('counts a JSON syntax error as a problem of the file, exit code 1; a file it cannot read is exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-api-scenario-'));
    writeFileSync(join(dir, 'cut.json'), '{"name":');
    const cut = spawnSync(process.execPath, [bin, 'scenario', 'check', join(dir, 'cut.json')], { encoding: 'utf8', timeout: 15_000 });
    expect([cut.status, cut.stdout]).toEqual([1, `${join(dir, 'cut.json')}: is not valid JSON (Unexpected end of JSON input)\n`]);
    const missing = spawnSync(process.execPath, [bin, 'scenario', 'check', join(dir, 'none.json')], { encoding: 'utf8', timeout: 15_000 });
    expect([missing.status, missing.stderr]).toEqual([2, `mock-api: ${join(dir, 'none.json')}: cannot be read (ENOENT)\n`]);
  });

  it('says ok for a ready-made scenario, exit code 0', () => {
    const file = join(root, 'scenarios', 'flaky-network.json');
    const result = spawnSync(process.execPath, [bin, 'scenario', 'check', file], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${file}: ok\n`);
  });
});
