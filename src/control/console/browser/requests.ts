import type { JournalEntry } from '../../journal-entry.js';
import { control, messageOf, token } from './api.js';
import { $, h, pretty, toast } from './dom.js';
import { PAGE, state } from './state.js';

/** The live list keeps at most this many entries in the page. */
const KEPT = 5000;
let source: EventSource | null = null;

const inSandbox = (entry: JournalEntry) => (entry.world ?? '') === state.sandboxId;

function keep(entry: JournalEntry): boolean {
  const { method, path, status, user } = state.filters;
  if (method && entry.method !== method) return false;
  if (path && !entry.path.includes(path)) return false;
  if (status && !String(entry.status).startsWith(status.replace(/x+$/i, ''))) return false;
  if (user && !(entry.username ?? '').includes(user)) return false;
  return true;
}

const describeRule = (rule: NonNullable<JournalEntry['rule']>) => `${rule.scenario} #${rule.index}${rule.fault ? ` (${rule.fault})` : ''}`;

function curlOf(entry: JournalEntry): string {
  const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
  const parts = ['curl', '-s', '-X', entry.method];
  const sent = entry.requestHeaders;
  for (const [name, value] of Object.entries(sent)) {
    if (!/^(host|content-length|connection)$/i.test(name)) parts.push('-H', quote(`${name}: ${value}`));
  }
  if (state.sandboxId && !sent['x-mock-world']) parts.push('-H', quote(`X-Mock-World: ${state.sandboxId}`));
  if (entry.requestBody) parts.push('--data-raw', quote(entry.requestBody));
  parts.push(quote(`${location.origin}/api/1${entry.path}${entry.query ? `?${entry.query}` : ''}`));
  return parts.join(' ');
}

async function copy(text: string) {
  $('last-copied').textContent = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (plain http on another host): copy through a selected text area.
    const area = h('textarea', {}, text);
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast('copied');
}

function detailOf(entry: JournalEntry): HTMLTableRowElement {
  const side = (title: string, headers: Record<string, string>, body: string | null) =>
    h(
      'div',
      {},
      h('div', { class: 'dim' }, title),
      h('pre', { class: 'headers' }, pretty(headers)),
      h('pre', { class: 'body' }, body === null ? '(no body)' : pretty(body) + (entry.truncated ? '\n(cut at 64 KiB)' : '')),
    );
  return h(
    'tr',
    { class: 'detail-row' },
    h(
      'td',
      { colspan: 7 },
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'action', id: 'copy-curl', onclick: () => void copy(curlOf(entry)) }, 'copy as curl'),
        entry.rule ? h('span', { class: 'pill' }, `answered by rule: ${describeRule(entry.rule)}`) : null,
      ),
      h(
        'div',
        { class: 'detail' },
        side('request', entry.requestHeaders, entry.requestBody),
        side('response', entry.responseHeaders, entry.responseBody),
      ),
    ),
  );
}

function rowOf(entry: JournalEntry): HTMLTableRowElement {
  const toggle = () => {
    state.open = state.open === entry ? null : entry;
    renderRequests();
  };
  return h(
    'tr',
    { class: `entry${state.open === entry ? ' open' : ''}`, 'data-path': entry.path, onclick: toggle },
    h('td', { class: 'mono dim' }, entry.at.slice(11, 23)),
    h('td', { class: 'mono' }, entry.method),
    h('td', { class: 'mono wrap' }, entry.path + (entry.query ? `?${entry.query}` : '')),
    h('td', { class: `mono status-${String(entry.status)[0]}` }, entry.status),
    h('td', { class: 'user' }, entry.username ?? ''),
    h('td', { class: 'mono dim' }, `${entry.durationMs} ms`),
    h('td', { class: 'dim' }, entry.rule ? describeRule(entry.rule) : ''),
  );
}

export function renderRequests() {
  const shown = state.entries.filter((entry) => inSandbox(entry) && keep(entry));
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  state.page = Math.min(state.page, pages - 1);
  const rows = shown
    .slice(state.page * PAGE, (state.page + 1) * PAGE)
    .flatMap((entry) => (state.open === entry ? [rowOf(entry), detailOf(entry)] : [rowOf(entry)]));
  $('requests-body').replaceChildren(...rows);
  $('requests-count').textContent = `${shown.length} ${shown.length === 1 ? 'request' : 'requests'}`;
  $('requests-page').textContent = `page ${state.page + 1} of ${pages}`;
  $<HTMLAnchorElement>('har-download').href = harLink();
}

/** The sandbox's journal as HAR, by the method filter (the others match loosely here, by rule paths there). */
function harLink(): string {
  const query = new URLSearchParams({ world: state.sandboxId || 'default' });
  if (state.filters.method) query.set('method', state.filters.method);
  if (token) query.set('token', token);
  return `/_mock/requests.har?${query}`;
}

/**
 * Lists the journal, then follows it live from the last entry listed: the stream first sends what
 * was recorded since that entry, so a request made while it connects is shown, and shown once. On a
 * reconnect the browser sends the last entry it got (Last-Event-ID) and the stream resumes from there.
 */
export async function loadRequests() {
  source?.close();
  const listed = await control<JournalEntry[]>('GET', '/requests');
  state.entries = listed.slice().reverse();
  renderRequests();
  const query = new URLSearchParams({ after: String(listed.reduce((last, entry) => Math.max(last, entry.seq), 0)) });
  if (state.sandboxId) query.set('world', state.sandboxId);
  if (token) query.set('token', token);
  const live = new EventSource(`/_mock/requests/stream?${query}`);
  live.onopen = () => $('live').classList.add('live');
  live.onerror = () => $('live').classList.remove('live');
  // The stream could not hold all that was recorded since `after`: list the journal again.
  live.addEventListener('resync', () => void loadRequests().catch((error: unknown) => toast(messageOf(error))));
  live.onmessage = (message: MessageEvent<string>) => {
    state.entries.unshift(JSON.parse(message.data) as JournalEntry);
    if (state.entries.length > KEPT) state.entries.length = KEPT;
    if (state.tab === 'requests') renderRequests();
  };
  source = live;
}
