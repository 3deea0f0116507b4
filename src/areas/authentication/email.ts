/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * `local@domain.tld` with no spaces and exactly one `@`, checked in one pass. A regular expression
 * such as /^[^@\s]+@[^@\s]+\.[^@\s]+$/ backtracks quadratically on `a@....@`: a 120 KB address
 * held the event loop for 24 s.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (at <= 0 || text.indexOf('@', at + 1) !== -1) return false;
  if (/\s/.test(text)) return false;
  const dot = text.lastIndexOf('.');
  return dot > at + 1 && dot < text.length - 1;
}
