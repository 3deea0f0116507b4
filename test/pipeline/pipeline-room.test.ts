// The frames GET /_mock/pipeline lists come from the world's room; its bounds are checked here
// without sockets, at the bound and one past it.
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/limits.js';
import { PipelineRoom } from '../../src/pipeline/room.js';

const frame = (type: string, content?: string) => ({ at: '2026-01-15T12:00:00.000Z', type, content, users: [], sockets: 1 });

describe('the frames a world lists', () => {
  it(`keeps ${LIMITS.pipelineFramesKept.value} frames, and drops the oldest for each one more`, () => {
    const room = new PipelineRoom(null);
    const max = LIMITS.pipelineFramesKept.value;
    for (let i = 0; i < max; i++) room.record(frame(`f${i}`));
    expect(room.recent()).toHaveLength(max);
    expect(room.recent()[0]!.type).toBe('f0');
    room.record(frame(`f${max}`));
    expect(room.recent()).toHaveLength(max);
    expect(room.recent()[0]!.type).toBe('f1');
    expect(room.recent().at(-1)!.type).toBe(`f${max}`);
  });

  it('lists a frame whose content is exactly the bound whole, and cuts one character more', () => {
    const room = new PipelineRoom(null);
    // Two bytes a character, as the bound counts them.
    const largest = 'z'.repeat(LIMITS.pipelineFrameContentKept.value / 2);
    room.record(frame('whole', largest));
    room.record(frame('cut', `${largest}z`));
    const [whole, cut] = room.recent();
    expect(whole).toMatchObject({ type: 'whole', content: largest });
    expect(whole!.truncated).toBeUndefined();
    expect(cut).toMatchObject({ type: 'cut', content: largest, truncated: true });
  });
});
