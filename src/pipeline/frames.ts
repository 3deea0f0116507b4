/**
 * A frame's `content` as the real pipeline writes it: JSON text of an object, except where the real
 * one sends a bare string (the notification id of `see-notification`) or nothing (`clear-notification`).
 */
export function frameContent(content: unknown): string | undefined {
  if (content === undefined || typeof content === 'string') return content;
  return JSON.stringify(content);
}

export function encodeFrame(type: string, content: string | undefined): string {
  return JSON.stringify(content === undefined ? { type } : { type, content });
}

/** What the real pipeline sends a socket whose token names no live session, before it closes it. */
export const INACTIVE_SESSION_FRAME = JSON.stringify({ err: "authToken doesn't correspond with an active session" });
