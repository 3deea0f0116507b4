import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

function base32Decode(secret: string): Buffer {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`invalid base32 character ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits), the kind authenticator apps produce. */
export function totp(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / STEP_MS)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** Accepts the code of the current step or of one step either side, for clock drift. */
export function verifyTotp(secret: string, code: string, nowMs: number): boolean {
  return [-1, 0, 1].some((step) => totp(secret, nowMs + step * STEP_MS) === code.trim());
}

/**
 * A code for `secret` now, by either clock: authenticator apps and SDKs compute codes from real time,
 * tests move the world's clock, and moving a world's clock must never break a client's codes.
 */
export function verifyTotpNow(secret: string, code: string, worldNowMs: number): boolean {
  return verifyTotp(secret, code, Date.now()) || verifyTotp(secret, code, worldNowMs);
}
