// The frames GET /_mock/pipeline lists come from the world's room; its bounds are checked here
// without sockets, at the bound and one past it.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { PipelineRoom } from '../../src/pipeline/room.js';

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
