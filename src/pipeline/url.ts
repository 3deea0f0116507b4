/** The event socket's URL beside an API base URL: the same host and port, at the root. */
export function pipelineUrlOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}/`;
}
