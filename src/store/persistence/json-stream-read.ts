/** A part of the text at most this long is parsed at once; longer ones are built member by member. */
export const DEFAULT_SLICE_BYTES = 16 << 20;

/** The text is not JSON; the message says what and where. */
export class JsonTextError extends Error {}
/** The bytes are not UTF-8. */
export class NotUtf8Error extends Error {}

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end' | 'eof';

interface Frame {
  readonly kind: 'object' | 'array';
  readonly start: number;
  /**
   * Until the frame outgrows a slice: its members as ranges of the text, parsed with it at its end;
   * four numbers each rather than objects (a big file has millions of members): the key's start and
   * end (-1 without one), then the value's.
   */
  members: number[];
  /** Once it has outgrown a slice: the object or array, each member parsed and added as it ends. */
  built?: Record<string, unknown> | unknown[];
  /** The range of the key of the member being read while the frame is small (-1: none yet). */
  keyStart: number;
  keyEnd: number;
  /** That key as text, once the frame is built. */
  keyText?: string;
}

/** A byte-order mark, as some editors write, is not part of the JSON. */
const BOM = [0xef, 0xbb, 0xbf];
const utf8 = new TextDecoder('utf-8', { fatal: true });
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
// A bare word (a number, true, false, null or garbage) ends at a space or a structural character.
const endsWord = (byte: number) =>
  isSpace(byte) || byte === 0x2c || byte === 0x5d || byte === 0x7d || byte === 0x3a || byte === 0x5b || byte === 0x7b || byte === QUOTE;
const shown = (byte: number) =>
  byte > 0x20 && byte < 0x7f ? `'${String.fromCharCode(byte)}'` : `byte 0x${byte.toString(16).padStart(2, '0')}`;

function setMember(target: Record<string, unknown> | unknown[], key: string | undefined, value: unknown) {
  if (Array.isArray(target)) target.push(value);
  // As JSON.parse does: "__proto__" is a field like any other, not the object's prototype.
  else if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key!] = value;
}

/**
 * The value of the JSON text whose bytes `next` hands out in turn (undefined at the end), as
 * JSON.parse gives it, without ever holding the text whole: each part no longer than `sliceBytes`
 * is parsed on its own, and the objects and arrays that outgrow it are built member by member, so
 * the bytes kept stay within one slice and a chunk however big the text. A leading byte-order mark
 * is skipped. Throws JsonTextError for text that is not JSON and NotUtf8Error for bytes not UTF-8.
 */
export function parseJsonChunks(next: () => Buffer | undefined, sliceBytes = DEFAULT_SLICE_BYTES): unknown {
  /** The bytes kept, and where the first of them lies in the whole text. */
  let bytes = Buffer.alloc(0);
  let base = 0;
  const stack: Frame[] = [];
  /** The outermost frame still small: it and the frames inside it are parsed whole at their end. */
  let firstSmall = 0;
  let expect: Expect = 'value';
  let result: { value: unknown } | undefined;
  /** How many bytes of a leading byte-order mark have been skipped. */
  let bom = 0;
  /** The string or bare word being read, by where it starts (-1: none). */
  let tokenStart = -1;
  let tokenIsString = false;
  let tokenIsKey = false;

  const fail = (problem: string) => new JsonTextError(problem);
  /** Out of place: a byte that starts no UTF-8 character is named as such, as a decoder would. */
  const unexpected = (byte: number, at: number, wanted: string) => {
    if (byte >= 0x80) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(at - base, at - base + 4), { stream: true });
      } catch {
        return new NotUtf8Error(`byte ${at} is not UTF-8`);
      }
    }
    return fail(`Unexpected ${shown(byte)} at byte ${at}${wanted}`);
  };
  const text = (start: number, end: number) => {
    try {
      return utf8.decode(bytes.subarray(start - base, end - base));
    } catch {
      throw new NotUtf8Error(`bytes ${start} to ${end} are not UTF-8`);
    }
  };
  const parse = (start: number, end: number): unknown => {
    try {
      return JSON.parse(text(start, end));
    } catch (error) {
      if (error instanceof SyntaxError) throw fail(`${error.message.replace(/\s+/g, ' ')} in the part at byte ${start}`);
      throw error;
    }
  };

  /** Frames that have outgrown a slice are built from here on, their members so far parsed now. */
  const outgrow = (at: number) => {
    while (firstSmall < stack.length && at - stack[firstSmall]!.start > sliceBytes) {
      const frame = stack[firstSmall++]!;
      const built = (frame.built = frame.kind === 'array' ? [] : {});
      const members = frame.members;
      for (let k = 0; k < members.length; k += 4) {
        const key = members[k] === -1 ? undefined : (parse(members[k]!, members[k + 1]!) as string);
        setMember(built, key, parse(members[k + 2]!, members[k + 3]!));
      }
      frame.members = [];
      if (frame.keyStart !== -1) frame.keyText = parse(frame.keyStart, frame.keyEnd) as string;
      frame.keyStart = -1;
    }
  };

  /** A value ended: the text [start, end), or `built` (a frame that outgrew a slice). */
  const ended = (start: number, end: number, at: number, built?: { value: unknown }) => {
    const top = stack.at(-1);
    expect = top ? 'comma-or-end' : 'eof';
    if (!top) {
      result = built ?? { value: parse(start, end) };
      return;
    }
    if (top.built) setMember(top.built, top.keyText, built ? built.value : parse(start, end));
    // A member of a small frame is small too: a frame outgrows a slice before anything inside it does.
    else top.members.push(top.keyStart, top.keyEnd, start, end);
    top.keyStart = -1;
    top.keyText = undefined;
    outgrow(at);
  };

  const endString = (start: number, end: number, isKey: boolean) => {
    if (!isKey) return ended(start, end, end);
    const top = stack.at(-1)!;
    if (top.built) top.keyText = parse(start, end) as string;
    else {
      top.keyStart = start;
      top.keyEnd = end;
    }
    expect = 'colon';
  };

  /** Reads on from byte `i` (of the kept bytes) to their end. */
  const scan = (from: number) => {
    let i = from;
    while (i < bytes.length) {
      const at = base + i;
      if (tokenStart !== -1 && tokenIsString) {
        let quote = bytes.indexOf(QUOTE, i);
        while (quote !== -1 && isEscaped(quote, tokenStart - base)) quote = bytes.indexOf(QUOTE, quote + 1);
        if (quote === -1) return;
        const start = tokenStart;
        tokenStart = -1;
        endString(start, base + quote + 1, tokenIsKey);
        i = quote + 1;
        continue;
      }
      const byte = bytes[i]!;
      if (tokenStart !== -1) {
        if (!endsWord(byte)) {
          i++;
          continue;
        }
        const start = tokenStart;
        tokenStart = -1;
        ended(start, at, at);
        continue;
      }
      i++;
      if (isSpace(byte)) continue;
      if (at < BOM.length && byte === BOM[at] && bom === at) {
        bom++;
        continue;
      }
      if (bom > 0 && bom < BOM.length) throw unexpected(byte, at, ' in the byte-order mark');
      step(byte, at);
    }
  };

  /** Whether the quote at `quote` follows an odd run of backslashes (within the string from `start`). */
  const isEscaped = (quote: number, start: number) => {
    let run = 0;
    for (let j = quote - 1; j > start && bytes[j] === BACKSLASH; j--) run++;
    return run % 2 === 1;
  };

  /** One structural byte (or the first of a token) at `at` in the whole text. */
  const step = (byte: number, at: number) => {
    const top = stack.at(-1);
    switch (expect) {
      case 'value':
      case 'value-or-end':
        if (byte === 0x5d && expect === 'value-or-end') return close(byte, at);
        if (byte === 0x7b || byte === 0x5b) {
          stack.push({ kind: byte === 0x7b ? 'object' : 'array', start: at, members: [], keyStart: -1, keyEnd: -1 });
          expect = byte === 0x7b ? 'key-or-end' : 'value-or-end';
          return outgrow(at);
        }
        if (byte === 0x2c || byte === 0x5d || byte === 0x7d || byte === 0x3a) throw unexpected(byte, at, ': a value was expected');
        tokenStart = at;
        tokenIsString = byte === QUOTE;
        tokenIsKey = false;
        return;
      case 'key':
      case 'key-or-end':
        if (byte === 0x7d && expect === 'key-or-end') return close(byte, at);
        if (byte !== QUOTE) throw unexpected(byte, at, ": a field's name was expected");
        tokenStart = at;
        tokenIsString = true;
        tokenIsKey = true;
        return;
      case 'colon':
        if (byte !== 0x3a) throw unexpected(byte, at, ": ':' was expected");
        expect = 'value';
        return;
      case 'comma-or-end':
        if (byte === 0x2c) {
          expect = top!.kind === 'array' ? 'value' : 'key';
          return;
        }
        if (byte === 0x5d || byte === 0x7d) return close(byte, at);
        throw unexpected(byte, at, `: ',' or the end of the ${top!.kind} was expected`);
      case 'eof':
        throw unexpected(byte, at, ' after the end of the JSON text');
    }
  };
  const close = (byte: number, at: number) => {
    const frame = stack.at(-1)!;
    if ((byte === 0x5d) !== (frame.kind === 'array')) throw unexpected(byte, at, `: the ${frame.kind} is not closed`);
    stack.pop();
    firstSmall = Math.min(firstSmall, stack.length);
    ended(frame.start, at + 1, at + 1, frame.built ? { value: frame.built } : undefined);
  };

  for (let chunk = next(); chunk !== undefined; chunk = next()) {
    // Keep what a part still being read needs; let go of the rest.
    const keepFrom = Math.min(tokenStart === -1 ? Infinity : tokenStart, stack[firstSmall]?.start ?? Infinity, base + bytes.length);
    bytes = Buffer.concat([bytes.subarray(keepFrom - base), chunk]);
    base = keepFrom;
    scan(bytes.length - chunk.length);
  }
  if (tokenStart !== -1 && !tokenIsString) {
    const start = tokenStart;
    tokenStart = -1;
    ended(start, base + bytes.length, base + bytes.length);
  }
  if (tokenStart !== -1 || stack.length > 0 || !result) throw fail('Unexpected end of JSON input');
  return result.value;
}
