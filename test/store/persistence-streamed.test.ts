import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toJson } from '../../src/store/persistence/codec.js';
import { readSavedDb } from '../../src/store/persistence/db-read.js';
import { JsonTextError, NotUtf8Error, parseJsonChunks } from '../../src/store/persistence/json-stream-read.js';
import { writeJsonChunks } from '../../src/store/persistence/json-stream-write.js';
import { SandboxFile } from '../../src/store/persistence/persist.js';
import { liveSnapshot } from '../../src/store/persistence/snapshot.js';
import { testSandbox } from '../support/helpers.js';
import { actionArbitrary, actors, noneCreated, readAll, withCompleteWorldPackage, type Actor } from '../support/world-actions.js';

const seed = Number(process.env.MOCK_API_PROPERTY_SEED ?? 2026);
const tempDir = () => mkdtempSync(join(tmpdir(), 'mock-api-streamed-'));

/** The text `writeJsonChunks` hands out, piece by piece. */
function piecesOf(value: unknown, chunkChars: number): string[] {
  const pieces: string[] = [];
  writeJsonChunks(value, (text) => pieces.push(text), chunkChars);
  return pieces;
}

/** `text`'s bytes handed out in pieces of the given sizes, in turn. */
function chunked(text: string | Buffer, sizes: number[]): () => Buffer | undefined {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let at = 0;
  let turn = 0;
  return () => {
    if (at >= bytes.length) return undefined;
    const size = sizes[turn++ % sizes.length]!;
    const piece = bytes.subarray(at, at + size);
    at += size;
    return piece;
  };
}

/** A collection of `n` small records, as a world's biggest ones are. */
const manyRecords = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `usr_${i}`, bio: `bio ${i} with "quotes", \\ and é`, tags: ['a', 'b'], note: undefined }));

/** The longest string a call of `JSON[name]` was given or gave back while `run` ran. */
function longestText(name: 'parse' | 'stringify', run: () => void): number {
  const original = JSON[name] as (...args: unknown[]) => unknown;
  let longest = 0;
  const spy = vi.spyOn(JSON, name).mockImplementation((...args: unknown[]) => {
    const result = original.apply(JSON, args);
    const text = name === 'parse' ? args[0] : result;
    if (typeof text === 'string') longest = Math.max(longest, text.length);
    return result as never;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return longest;
}

afterEach(() => vi.restoreAllMocks());

describe('the streamed JSON writer', () => {
  it("writes exactly the text JSON.stringify gives of a world's snapshot after API writes", async () => {
    const t = testSandbox(withCompleteWorldPackage);
    const cookies = {} as Record<Actor, string>;
    for (const who of actors) cookies[who] = await t.login(who);
    for (const step of fc.sample(actionArbitrary, { numRuns: 40, seed })) await step.run(t, cookies, noneCreated());
    const snapshot = liveSnapshot(t.sandbox);
    expect(piecesOf(snapshot, 4096).join('')).toBe(JSON.stringify(toJson(snapshot)));
  });

  it('writes Maps, Sets, bytes and fields without a value as the codec does', () => {
    const value = {
      blobs: new Map([['a', new Uint8Array([1, 2, 3])]]),
      nested: new Map([['g', new Map([['u', { id: 'u', joined: new Set(['x']) }]])]]),
      lists: [[1, [2]], undefined, null, 'text'],
      absent: undefined,
      __proto__: null,
    };
    expect(piecesOf(value, 1).join('')).toBe(JSON.stringify(toJson(value)));
  });

  it('never builds the whole text: no string longer than a chunk and one record', () => {
    const cap = 16 * 1024;
    const world = { data: { users: manyRecords(5_000), files: manyRecords(2_000) }, fileBlobs: new Map([['f', new Uint8Array(100)]]) };
    let pieces: string[] = [];
    const longest = longestText('stringify', () => (pieces = piecesOf(world, cap)));
    const whole = pieces.join('');
    expect(whole.length).toBeGreaterThan(20 * cap);
    expect(longest).toBeLessThan(200);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThan(cap + 200);
    expect(JSON.parse(whole)).toEqual(toJson(world));
  });
});

describe('the streamed JSON reader', () => {
  const sizes = fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 });

  it('reads any JSON text as JSON.parse does, whatever the slice and the chunks', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), fc.integer({ min: 1, max: 64 }), sizes, (value, indent, slice, chunks) => {
        const text = JSON.stringify(value, null, indent ? 2 : undefined);
        expect(parseJsonChunks(chunked(text, chunks), slice)).toEqual(JSON.parse(text));
      }),
      { seed, numRuns: 400 },
    );
  });

  it('refuses exactly the texts JSON.parse refuses', () => {
    const edits = fc.oneof(
      fc.record({ at: fc.nat(), remove: fc.constant(1), insert: fc.constant('') }),
      fc.record({
        at: fc.nat(),
        remove: fc.constant(0),
        insert: fc.constantFrom(',', ']', '}', '[', '{', ':', '"', '\\', 'x', '0', ' ', '\n'),
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), edits, fc.integer({ min: 1, max: 32 }), sizes, (value, edit, slice, chunks) => {
        const text = JSON.stringify(value);
        const at = edit.at % (text.length + 1);
        const edited = text.slice(0, at) + edit.insert + text.slice(at + edit.remove);
        let expected: unknown;
        try {
          expected = { value: JSON.parse(edited) };
        } catch {
          expected = 'refused';
        }
        let streamed: unknown;
        try {
          streamed = { value: parseJsonChunks(chunked(edited, chunks), slice) };
        } catch (error) {
          expect(error).toBeInstanceOf(JsonTextError);
          streamed = 'refused';
        }
        expect(streamed).toEqual(expected);
      }),
      { seed, numRuns: 1000 },
    );
  });

  it('never parses more than a slice of the text at once', () => {
    const text = JSON.stringify({ format: 'x', world: { data: { users: manyRecords(3_000) } } });
    let value: unknown;
    const longest = longestText('parse', () => (value = parseJsonChunks(chunked(text, [4096]), 1024)));
    expect(text.length).toBeGreaterThan(200 * 1024);
    expect(longest).toBeLessThanOrEqual(1024);
    expect(value).toEqual(JSON.parse(text));
  });

  it('keeps "__proto__" a field, as JSON.parse does', () => {
    const text = '{"__proto__": {"polluted": true}, "list": [1, 2, 3, 4, 5, 6, 7, 8]}';
    const value = parseJsonChunks(chunked(text, [3]), 4) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual(JSON.parse(text));
  });

  it('skips a leading byte-order mark', () => {
    expect(parseJsonChunks(chunked(`\uFEFF{"a": [1, 2, 3]}`, [1]), 2)).toEqual({ a: [1, 2, 3] });
  });

  it('names bytes that are not UTF-8, inside a string or between parts', () => {
    const inString = Buffer.concat([Buffer.from('[1, 2, "ab'), Buffer.from([0xff]), Buffer.from('c", 3]')]);
    expect(() => parseJsonChunks(chunked(inString, [4]), 4)).toThrow(NotUtf8Error);
    const between = Buffer.concat([Buffer.from('[1, 2, '), Buffer.from([0xc3, 0x28]), Buffer.from(', 3]')]);
    expect(() => parseJsonChunks(chunked(between, [4]), 4)).toThrow(NotUtf8Error);
  });

  it('says where a text that is cut short ends', () => {
    expect(() => parseJsonChunks(chunked('{"a": [1, 2, {"b": ', [5]), 4)).toThrow(/^Unexpected end of JSON input$/);
  });
});

describe('a --db file read a slice at a time', () => {
  it('gives a world that answers every read as the saved one, and the same as a read of it whole', async () => {
    const t = testSandbox(withCompleteWorldPackage);
    const cookies = {} as Record<Actor, string>;
    for (const who of actors) cookies[who] = await t.login(who);
    const created = noneCreated();
    for (const step of fc.sample(actionArbitrary, { numRuns: 40, seed: seed + 1 })) await step.run(t, cookies, created);
    const db = join(tempDir(), 'state.json');
    const file = new SandboxFile(db, () => t.sandbox);
    await file.close();
    const original = await readAll(t, cookies, created);

    const sliced = readSavedDb(db, 512)!;
    expect(sliced).toEqual(readSavedDb(db));
    const reloaded = testSandbox();
    reloaded.deps.sandboxes.load(sliced.snapshot);
    const again = {} as Record<Actor, string>;
    for (const who of actors) again[who] = await reloaded.login(who);
    expect(await readAll(reloaded, again, created)).toEqual(original);
  });

  it('refuses a file cut short, and one with a byte that is not UTF-8 in a record, leaving it as it was', async () => {
    const db = join(tempDir(), 'state.json');
    await new SandboxFile(db, () => testSandbox().sandbox).close();
    const text = readFileSync(db);
    const cut = text.subarray(0, Math.floor(text.length / 2));
    writeFileSync(db, cut);
    expect(() => readSavedDb(db, 512)).toThrow(
      new RegExp(`^the database ${db} is not valid JSON \\(Unexpected end of JSON input\\); it was left as it is$`),
    );
    expect(readFileSync(db)).toEqual(cut);

    const at = text.indexOf('"bio"', text.length / 2) + 8;
    const damaged = Buffer.concat([text.subarray(0, at), Buffer.from([0xff]), text.subarray(at + 1)]);
    writeFileSync(db, damaged);
    expect(() => readSavedDb(db, 512)).toThrow(`the database ${db} is not UTF-8 text; it was left as it is`);
    expect(readFileSync(db)).toEqual(damaged);
  });
});
