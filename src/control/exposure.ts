import { randomBytes } from 'node:crypto';
import type { ControlGuardOptions } from './guard.js';

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * The control plane's protection for the interface the server listens on. Beyond loopback anyone on
 * the network could reset or rewind the sandbox, so /_mock then needs a token: the one given, or one
 * made here and printed with a warning on stderr.
 */
export function controlExposure(
  host: string,
  options: ControlGuardOptions,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): ControlGuardOptions {
  if (isLoopback(host)) return options;
  const token = options.token ?? randomBytes(24).toString('base64url');
  warn(`mock-api: warning: listening on ${host} exposes the control plane (/_mock) to the network`);
  warn(
    `mock-api: /_mock requests need the header "Authorization: Bearer ${options.token === undefined ? token : '<your --control-token>'}"`,
  );
  return { ...options, token };
}
