import * as z from 'zod';
import { normalizeEmail } from './email.js';

/**
 * Usernames are compared after NFKC normalisation and without case: `ｚｏｅ` (full-width), `zoe`
 * and `ZOE` are one name, and a composed and a decomposed `ë` would be too. After normalisation a
 * username is ASCII letters, digits, `_` and `-` only. That refuses in one rule what cannot be told
 * apart or seen: Cyrillic and Greek look-alikes of Latin letters, zero-width and bidirectional
 * controls, NUL, line breaks and names of only spaces. Display names keep Unicode.
 */
export const normalizeUsername = (text: string) => text.normalize('NFKC');

/** The key a username or email is looked up by at login: NFKC, lower case, invisible characters gone. */
export const loginName = normalizeEmail;

const USERNAME = /^[A-Za-z0-9_-]+$/;

export const UsernameSchema = () =>
  z.string().max(64).transform(normalizeUsername).pipe(z.string().min(4).max(15).regex(USERNAME, 'must be letters, digits, _ or - only'));
