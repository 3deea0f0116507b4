import * as z from 'zod';
import { LIMITS } from '../../limits.js';

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const MAX_EMAIL_LENGTH = LIMITS.emailCharacters.value;

/** Characters that show nothing: zero-width spaces and joiners, the word joiner, BOM and soft hyphen. */
const INVISIBLE = new Set(['\u00ad', '\u180e', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']);

/**
 * An address as it is compared and kept: NFKC (full-width `ｚ` is `z`), without invisible
 * characters, lower case. `Z@x.test`, `z@x.test` and `z\u200b@x.test` are one address.
 */
export function normalizeEmail(text: string): string {
  let visible = '';
  for (const char of text.normalize('NFKC')) if (!INVISIBLE.has(char)) visible += char;
  return visible.toLowerCase();
}

/**
 * The characters an address may hold once normalised: the ASCII letters, digits and symbols RFC 5322
 * allows unquoted. Anything else (a Cyrillic `е` among Latin letters, a control, a space) could make
 * two addresses that look alike but differ, so it is refused rather than kept.
 */
const isAddressChar = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || "!#$%&'*+-/=?^_`{|}~.@".includes(String.fromCharCode(code));

/**
 * `local@domain.tld` with no spaces and exactly one `@`, checked in one pass. A regular expression
 * such as /^[^@\s]+@[^@\s]+\.[^@\s]+$/ backtracks quadratically on `a@....@`, so one long address
 * would hold the event loop for as long as its sender liked.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (at <= 0 || text.indexOf('@', at + 1) !== -1) return false;
  if (/\s/.test(text)) return false;
  const dot = text.lastIndexOf('.');
  return dot > at + 1 && dot < text.length - 1;
}

function hasOnlyAddressChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isAddressChar(text.charCodeAt(i))) return false;
  return true;
}

/** An email field: normalised, then refused with 400 unless it is one plain ASCII address. */
export const EmailSchema = () =>
  z
    .string()
    .max(MAX_EMAIL_LENGTH)
    .transform(normalizeEmail)
    .pipe(
      z
        .string()
        .refine(isEmailAddress, { message: 'must be an email address', abort: true })
        .refine(hasOnlyAddressChars, "must be ASCII letters, digits and !#$%&'*+-/=?^_`{|}~. only"),
    );
