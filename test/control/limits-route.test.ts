import { describe, expect, it } from 'vitest';
import { GROWTH, LIMITS, memoryBudget } from '../../src/limits.js';
import { control, newSandbox } from '../support/control-helpers.js';
import { testSandbox } from '../support/helpers.js';

const newFile = { name: 'Harbour', mimeType: 'image/png', extension: '.png' };

describe('GET /_mock/limits', () => {
  it('answers the budget, the process limits, and every collection bound with what the world holds', async () => {
    const t = testSandbox();
    const { status, body } = await control(t, 'GET', '/limits');
    expect(status).toBe(200);
    expect(body.maxMemory).toBe(memoryBudget());
    expect(body.limits).toEqual(JSON.parse(JSON.stringify(LIMITS)));
    expect(Object.keys(body.growth)).toEqual(Object.keys(GROWTH));
    expect(body.growth.files).toEqual({ ...GROWTH.files, held: t.sandbox.files.held });
  });

  it('counts a record the API made on the next read, in the world X-Mock-World names only', async () => {
    const t = testSandbox();
    const other = await newSandbox(t);
    const before = (await control(t, 'GET', '/limits')).body.growth.files.held as number;
    const alice = await t.login('alice');
    expect((await t.call('POST', '/file', { cookie: alice, body: newFile })).status).toBe(200);
    expect((await control(t, 'GET', '/limits')).body.growth.files.held).toBe(before + 1);
    expect((await control(t, 'GET', '/limits', { world: other })).body.growth.files.held).toBe(before);
  });
});
