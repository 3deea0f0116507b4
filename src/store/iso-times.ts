const DAY = 86_400_000;

/**
 * `new Date(ms).toISOString()` for times from 1970 to 9999 without a Date per time (a large generated
 * sandbox formats one per user), and the `YYYY-MM-DD` of such a time, one text per day shared by the
 * times of that day. Each day is worked out once.
 */
export function isoTimes() {
  const days = new Map<number, { codes: number[]; date: string }>();
  const dayOf = (ms: number) => {
    const number = Math.floor(ms / DAY);
    let day = days.get(number);
    if (!day) {
      const iso = new Date(number * DAY).toISOString();
      days.set(number, (day = { codes: Array.from(iso.slice(0, 11), (c) => c.charCodeAt(0)), date: iso.slice(0, 10) }));
    }
    return day;
  };
  const digit = (n: number) => 48 + n;
  return {
    time(ms: number): string {
      const { codes: d } = dayOf(ms);
      let rest = ms - Math.floor(ms / DAY) * DAY;
      const h = Math.floor(rest / 3_600_000);
      rest -= h * 3_600_000;
      const m = Math.floor(rest / 60_000);
      rest -= m * 60_000;
      const s = Math.floor(rest / 1000);
      const milli = rest - s * 1000;
      // One call with every character code: one flat string, where joining parts would build a chain of them.
      return String.fromCharCode(
        d[0]!,
        d[1]!,
        d[2]!,
        d[3]!,
        d[4]!,
        d[5]!,
        d[6]!,
        d[7]!,
        d[8]!,
        d[9]!,
        d[10]!,
        digit(Math.floor(h / 10)),
        digit(h % 10),
        58,
        digit(Math.floor(m / 10)),
        digit(m % 10),
        58,
        digit(Math.floor(s / 10)),
        digit(s % 10),
        46,
        digit(Math.floor(milli / 100)),
        digit(Math.floor(milli / 10) % 10),
        digit(milli % 10),
        90,
      );
    },
    date: (ms: number): string => dayOf(ms).date,
  };
}
