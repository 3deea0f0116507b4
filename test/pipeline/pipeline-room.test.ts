// The frames GET /_mock/pipeline lists come from the world's room; its bounds are checked here
// without sockets, at the bound and one past it.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { frameBytes, PipelineRoom } from '../../src/pipeline/room.js';

const frame = (type: string, content?: string) => ({ at: '2026-01-15T12:00:00.000Z', type, content, users: [], sockets: 1 });

const roomWith = (count: number) => {
  const room = new PipelineRoom(null);
  for (let i = 0; i < count; i++) room.record(frame(`f${i}`));
  return room;
};
/** Content of exactly the listed bound: two bytes a character, as the bound counts them. */
const largest = 'z'.repeat(LIMITS.pipelineFrameContentKept.value / 2);

describe('the frames a world lists', () => {
  const max = LIMITS.pipelineFramesKept.value;

  it(`keeps every frame up to ${max}, the first included`, () => {
    const room = roomWith(max);
    expect(room.recent()).toHaveLength(max);
    expect(room.recent()[0]!.type).toBe('f0');
  });

  it(`drops the oldest frame for the ${max + 1}st`, () => {
    const room = roomWith(max + 1);
    expect(room.recent()).toHaveLength(max);
    expect(room.recent()[0]!.type).toBe('f1');
    expect(room.recent().at(-1)!.type).toBe(`f${max}`);
  });

  it('lists a frame whose content is exactly the bound whole', () => {
    const room = new PipelineRoom(null);
    room.record(frame('whole', largest));
    const [whole] = room.recent();
    expect(whole).toMatchObject({ type: 'whole', content: largest });
    expect(whole!.truncated).toBeUndefined();
  });

  it('cuts the listed content of a frame one character past the bound', () => {
    const room = new PipelineRoom(null);
    room.record(frame('cut', `${largest}z`));
    expect(room.recent()[0]).toMatchObject({ type: 'cut', content: largest, truncated: true });
  });
});

describe(`the bytes a world lists (at most ${LIMITS.pipelineFrameBytesKept.value})`, () => {
  /** Eight frames that hold exactly the bound together, the last `extra` characters longer. */
  const roomAtBound = (extra: number) => {
    const share = LIMITS.pipelineFrameBytesKept.value / 8;
    const content = 'c'.repeat((share - frameBytes(frame('probe'))) / 2);
    const room = new PipelineRoom(null);
    for (let i = 0; i < 8; i++) room.record(frame(`f${i}`, i === 7 ? content + 'c'.repeat(extra) : content));
    return room;
  };

  it('keeps every frame while their bytes are exactly the bound', () => {
    const listed = roomAtBound(0).recent();
    expect(listed.map((kept) => kept.type)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
    expect(listed.every((kept) => kept.truncated === undefined)).toBe(true);
  });

  it('drops the oldest frame when the newest is one character longer', () => {
    const listed = roomAtBound(1).recent();
    expect(listed.map((kept) => kept.type)).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
  });
});
