import { describe, expect, it } from 'vitest';
import { encodeBasic } from '../../../src/http/basic-auth.js';
import { addGeneratedData, GENERATED_PASSWORD } from '../../../src/store/generators/generate.js';
import { cookieFrom, ids, testSandbox } from '../../support/helpers.js';

describe('generated social graph', () => {
  it('gives each generated user four friends, the friendship holding both ways', () => {
    const t = testSandbox((data) => addGeneratedData(data, 5, { users: 40 }));
    const generated = [...t.sandbox.users.values()].slice(-40);
    for (const user of generated) {
      expect(user.friends).toHaveLength(4);
      for (const id of user.friends) expect(t.sandbox.users.get(id)!.friends).toContain(user.id);
    }
    expect(generated.filter((u) => u.state === 'active').length).toBeGreaterThan(0);
  });

  it('files friends by presence, as the friend list pages them', async () => {
    const t = testSandbox((data) => addGeneratedData(data, 5, { users: 40, worlds: 20 }));
    const user = [...t.sandbox.users.values()].at(-1)!;
    const login = await t.call('GET', '/auth/user', { headers: { authorization: encodeBasic(user.username, GENERATED_PASSWORD) } });
    const cookie = cookieFrom(login.headers, 'auth');
    const me = login.body;
    const online = (await t.call('GET', '/auth/user/friends?offline=false', { cookie })).body.map((f: { id: string }) => f.id);
    const offline = (await t.call('GET', '/auth/user/friends?offline=true', { cookie })).body.map((f: { id: string }) => f.id);
    expect([...online].sort()).toEqual([...me.onlineFriends, ...me.activeFriends].sort());
    expect([...offline].sort()).toEqual([...me.offlineFriends].sort());
    expect(online.length + offline.length).toBe(4);
  });

  it('gives one seed the same graph', () => {
    const a = testSandbox((data) => addGeneratedData(data, 9, { users: 30 }));
    const b = testSandbox((data) => addGeneratedData(data, 9, { users: 30 }));
    expect([...a.sandbox.users.values()].map((u) => u.friends)).toEqual([...b.sandbox.users.values()].map((u) => u.friends));
  });
});

describe('the friend list on a large generated world', () => {
  it("reads only the requester's friends, never every user", async () => {
    const t = testSandbox((data) => addGeneratedData(data, 5, { users: 5000 }));
    const cookie = await t.login('alice');
    const users = t.sandbox.users;
    const walked = () => {
      throw new Error('walked every user');
    };
    (t.sandbox as { users: Map<string, unknown> }).users = new Proxy(users, {
      get(target, key) {
        if (key === 'values' || key === 'entries' || key === 'keys' || key === 'forEach' || key === Symbol.iterator) return walked;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const page = await t.call('GET', '/auth/user/friends?n=2&offset=1', { cookie });
    expect(page.body.map((f: { id: string }) => f.id)).toEqual([ids.admin, ids.frank]);
    expect((await t.call('GET', '/auth/user/friends?offline=true', { cookie })).body.map((f: { id: string }) => f.id)).toEqual([ids.dana]);
  });
});
