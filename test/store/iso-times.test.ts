import { describe, expect, it } from 'vitest';
import { isoTimes } from '../../src/store/iso-times.js';

describe('isoTimes', () => {
  it('formats times and dates as toISOString does, from 1970 to 9999', () => {
    const iso = isoTimes();
    const last = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    const times = [0, 999, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 12, 34, 56, 789), last];
    for (let k = 0; k < 20_000; k++) times.push(Math.floor((((k * 2_654_435_761) % 1_000_003) / 1_000_003) * last));
    for (const ms of times) {
      const expected = new Date(ms).toISOString();
      expect(iso.time(ms)).toBe(expected);
      expect(iso.date(ms)).toBe(expected.slice(0, 10));
    }
  });
});
