import { isIP } from 'node:net';

/** The host name of a Host header value: `[::1]:8080` -> `::1`, `Localhost.:80` -> `localhost`. */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0]!;
  return name.toLowerCase().replace(/\.$/, '');
}

/**
 * A Host a request may name: `localhost`, an IP address, or a configured name. A web page whose
 * own name was re-pointed at 127.0.0.1 (DNS rebinding) sends its own name as Host, and is refused.
 */
export function isAcceptedHost(host: string | undefined, options: { allowedHosts?: string[] } = {}): boolean {
  if (host === undefined || host === '') return false;
  const name = hostName(host);
  return name === 'localhost' || isIP(name) !== 0 || (options.allowedHosts ?? []).some((allowed) => hostName(allowed) === name);
}
