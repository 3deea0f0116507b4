/**
 * The console's browser script, served inline with the page. Plain ES2020 with no build step and no
 * library: every text from the world or the journal goes into the page through textContent, never as HTML.
 */
export const consoleScript = String.raw`
'use strict';
const PAGE = 100;
const params = new URLSearchParams(location.search);
const token = params.get('token');
const state = { world: params.get('world') || '', tab: 'requests', kind: 'users', entries: [], open: null,
  page: 0, filters: { method: '', path: '', status: '', user: '' }, worldPage: { offset: 0, search: '' }, source: null };

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  return node;
}
const $ = (id) => document.getElementById(id);
const pretty = (value) => (typeof value === 'string' ? tryJson(value) : JSON.stringify(value, null, 2));
function tryJson(text) { try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; } }
function toast(text) { const t = $('toast'); t.textContent = text; t.style.display = 'block'; setTimeout(() => (t.style.display = 'none'), 1800); }

function headers(extra) {
  const all = Object.assign({}, extra);
  if (state.world) all['X-Mock-World'] = state.world;
  if (token) all['Authorization'] = 'Bearer ' + token;
  return all;
}
async function control(method, path, body) {
  const init = { method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch('/_mock' + path, init);
  const text = await response.text();
  let parsed = text;
  try { parsed = JSON.parse(text); } catch {}
  if (!response.ok) throw Object.assign(new Error((parsed && parsed.error && parsed.error.message) || response.statusText), { status: response.status });
  return parsed;
}

// ---------- requests ----------
const inWorld = (entry) => (entry.world || '') === state.world;
function keep(entry) {
  const f = state.filters;
  if (f.method && entry.method !== f.method) return false;
  if (f.path && !entry.path.includes(f.path)) return false;
  if (f.status && !String(entry.status).startsWith(f.status.replace(/x+$/i, ''))) return false;
  if (f.user && !String(entry.username || '').includes(f.user)) return false;
  return true;
}
function curlOf(entry) {
  const quote = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
  const parts = ['curl', '-s', '-X', entry.method];
  const sent = entry.requestHeaders || {};
  for (const [name, value] of Object.entries(sent)) {
    if (!/^(host|content-length|connection)$/i.test(name)) parts.push('-H', quote(name + ': ' + value));
  }
  if (state.world && !sent['x-mock-world']) parts.push('-H', quote('X-Mock-World: ' + state.world));
  if (entry.requestBody) parts.push('--data-raw', quote(entry.requestBody));
  parts.push(quote(location.origin + '/api/1' + entry.path + (entry.query ? '?' + entry.query : '')));
  return parts.join(' ');
}
function detailOf(entry) {
  const request = { headers: entry.requestHeaders, body: entry.requestBody };
  const response = { headers: entry.responseHeaders, body: entry.responseBody };
  const side = (title, part) => h('div', {}, h('div', { class: 'dim' }, title),
    h('pre', { class: 'headers' }, pretty(part.headers || {})),
    h('pre', { class: 'body' }, part.body === undefined || part.body === null ? '(no body)' : pretty(part.body) + (entry.truncated ? '\n(cut at 64 KiB)' : '')));
  return h('tr', { class: 'detail-row' }, h('td', { colspan: 7 },
    h('div', { class: 'row' },
      h('button', { class: 'action', id: 'copy-curl', onclick: () => copy(curlOf(entry)) }, 'copy as curl'),
      entry.rule ? h('span', { class: 'pill' }, 'answered by rule: ' + describeRule(entry.rule)) : null),
    h('div', { class: 'detail' }, side('request', request), side('response', response))));
}
function describeRule(rule) { return rule.scenario + ' #' + rule.index + (rule.fault ? ' (' + rule.fault + ')' : ''); }
async function copy(text) {
  $('last-copied').textContent = text;
  try { await navigator.clipboard.writeText(text); } catch { const area = h('textarea', {}, text); document.body.append(area); area.select(); document.execCommand('copy'); area.remove(); }
  toast('copied');
}
function renderRequests() {
  const shown = state.entries.filter((e) => inWorld(e) && keep(e));
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  state.page = Math.min(state.page, pages - 1);
  const rows = shown.slice(state.page * PAGE, state.page * PAGE + PAGE).flatMap((entry) => {
    const row = h('tr', { class: 'entry' + (state.open === entry ? ' open' : ''), 'data-path': entry.path, onclick: () => { state.open = state.open === entry ? null : entry; renderRequests(); } },
      h('td', { class: 'mono dim' }, entry.at.slice(11, 23)),
      h('td', { class: 'mono' }, entry.method),
      h('td', { class: 'mono' }, entry.path + (entry.query ? '?' + entry.query : '')),
      h('td', { class: 'mono status-' + String(entry.status)[0] }, entry.status),
      h('td', {}, entry.username || ''),
      h('td', { class: 'mono dim' }, entry.durationMs + ' ms'),
      h('td', { class: 'dim' }, entry.rule ? describeRule(entry.rule) : ''));
    return state.open === entry ? [row, detailOf(entry)] : [row];
  });
  $('requests-body').replaceChildren(...rows);
  $('requests-count').textContent = shown.length + (shown.length === 1 ? ' request' : ' requests');
  $('requests-page').textContent = 'page ' + (state.page + 1) + ' of ' + pages;
}
async function loadRequests() {
  const listed = await control('GET', '/requests');
  const entries = Array.isArray(listed) ? listed : listed.entries || [];
  state.entries = entries.slice().reverse();
  renderRequests();
  if (state.source) state.source.close();
  const query = new URLSearchParams();
  if (state.world) query.set('world', state.world);
  if (token) query.set('token', token);
  state.source = new EventSource('/_mock/requests/stream?' + query);
  state.source.onopen = () => $('live').classList.add('live');
  state.source.onerror = () => $('live').classList.remove('live');
  state.source.onmessage = (message) => {
    state.entries.unshift(JSON.parse(message.data));
    if (state.entries.length > 5000) state.entries.length = 5000;
    if (state.tab === 'requests') renderRequests();
  };
}

// ---------- world ----------
const link = (id) => (id ? h('a', { class: 'id mono', onclick: (event) => { event.stopPropagation(); openRecord(id); } }, id) : '');
const list = (values) => (values || []).join(', ');
const columns = {
  users: [['id', (u) => link(u.id)], ['username', (u) => u.username], ['state', (u) => u.state], ['status', (u) => u.status],
    ['location', (u) => u.location], ['sessions', (u) => u.sessions], ['2FA', (u) => (u.twoFactor ? 'on' : '')], ['friends', (u) => u.friends]],
  groups: [['id', (g) => link(g.id)], ['name', (g) => g.name], ['owner', (g) => link(g.ownerId)], ['join', (g) => g.joinState],
    ['members', (g) => g.memberCount], ['roles', (g) => list(g.roles)], ['bans', (g) => g.bans], ['events this month', (g) => g.eventsThisMonth + ' / ' + g.eventsLimit]],
  'invite-messages': [['user', (m) => link(m.userId)], ['type', (m) => m.messageType], ['slot', (m) => m.slot], ['message', (m) => m.message],
    ['cooldown', (m) => (m.cooldownMinutesLeft ? m.cooldownMinutesLeft + ' min left' : 'ready')]],
  files: [['id', (f) => link(f.id)], ['name', (f) => f.name], ['owner', (f) => link(f.ownerId)], ['extension', (f) => f.extension],
    ['versions', (f) => f.versions.map((v) => v.version + ':' + v.status).join(' ')]],
  instances: [['location', (i) => link(i.location)], ['world', (i) => i.worldName || ''], ['users', (i) => h('span', {}, ...i.userIds.map((id) => [link(id), ' ']))],
    ['closed', (i) => (i.closed ? 'closed' : '')]],
};
async function loadWorld() {
  const { offset, search } = state.worldPage;
  const query = new URLSearchParams({ offset: String(offset), n: String(PAGE) });
  if (search) query.set('search', search);
  const page = await control('GET', '/state/' + state.kind + '?' + query);
  const cols = columns[state.kind];
  $('world-head').replaceChildren(h('tr', {}, ...cols.map(([name]) => h('th', {}, name))));
  $('world-body').replaceChildren(...page.items.map((item) => h('tr', { class: 'record' }, ...cols.map(([, cell]) => h('td', {}, cell(item))))));
  $('world-page').textContent = page.total ? (offset + 1) + '-' + (offset + page.items.length) + ' of ' + page.total : 'none';
  $('world-prev').disabled = offset === 0;
  $('world-next').disabled = offset + page.items.length >= page.total;
}
async function openRecord(id) {
  $('drawer-title').textContent = id;
  $('drawer-body').textContent = 'loading';
  $('drawer').classList.add('open');
  try { $('drawer-body').textContent = pretty(await control('GET', '/records/' + encodeURIComponent(id))); }
  catch (error) { $('drawer-body').textContent = error.message; }
}

// ---------- controls ----------
async function optional(path) { try { return await control('GET', path); } catch (error) { return error.status === 404 ? undefined : { error: error.message }; } }
async function loadControls() {
  const [clock, rules, readyMade, outbox, pipeline] = await Promise.all([
    control('GET', '/clock'), control('GET', '/scenarios'), optional('/scenarios/ready-made'), optional('/outbox'), optional('/pipeline')]);
  $('clock-now').textContent = clock.now;
  const active = Array.isArray(rules) ? rules : rules.rules || [];
  $('rules-body').replaceChildren(...active.map((rule, index) => h('tr', { class: 'rule' },
    h('td', {}, rule.scenario), h('td', { class: 'mono' }, ((rule.match && rule.match.method) || '*') + ' ' + ((rule.match && rule.match.path) || '')),
    h('td', { class: 'hits mono' }, rule.hits), h('td', { class: 'mono' }, rule.remaining === null ? 'forever' : rule.remaining),
    h('td', {}, rule.id !== undefined ? h('button', { class: 'action', onclick: () => act('DELETE', '/scenarios/' + encodeURIComponent(rule.id)) }, 'remove') : ''))));
  $('ready-made').replaceChildren(...(readyMade || []).map((s) => h('div', { class: 'row' },
    h('button', { class: 'action', 'data-scenario': s.name, onclick: () => act('POST', '/scenarios', s.scenario) }, 'enable'),
    h('span', { class: 'mono' }, s.name), h('span', { class: 'dim' }, s.scenario.description || ''))));
  $('outbox').textContent = outbox === undefined ? 'not available on this server' : pretty(outbox);
  $('pipeline').textContent = pipeline === undefined ? 'not available on this server' : pretty(pipeline);
}
async function act(method, path, body) {
  try { const result = await control(method, path, body); toast(method + ' ' + path + ': ' + (result && result.ms !== undefined ? result.ms + ' ms' : 'done')); }
  catch (error) { toast(error.message); }
  refresh();
}

// ---------- shell ----------
async function loadWorlds() {
  const worlds = await control('GET', '/worlds');
  const ids = Array.isArray(worlds) ? worlds : worlds.worlds || [];
  $('world-picker').replaceChildren(h('option', { value: '' }, 'default world'), ...ids.filter((id) => id).map((id) => h('option', { value: id }, id)));
  $('world-picker').value = state.world;
}
function show(tab) {
  state.tab = tab;
  for (const name of ['requests', 'world', 'controls']) {
    $(name).hidden = name !== tab;
    $('tab-' + name).classList.toggle('on', name === tab);
  }
  refresh();
}
async function refresh() {
  try {
    if (state.tab === 'requests') renderRequests();
    if (state.tab === 'world') await loadWorld();
    if (state.tab === 'controls') await loadControls();
  } catch (error) { toast(error.message); }
}
function bind() {
  for (const name of ['requests', 'world', 'controls']) $('tab-' + name).onclick = () => show(name);
  $('world-picker').onchange = () => { state.world = $('world-picker').value; state.entries = []; loadRequests().then(refresh); };
  for (const key of Object.keys(state.filters)) $('filter-' + key).oninput = (event) => { state.filters[key] = event.target.value.trim(); state.page = 0; renderRequests(); };
  $('req-prev').onclick = () => { state.page = Math.max(0, state.page - 1); renderRequests(); };
  $('req-next').onclick = () => { state.page++; renderRequests(); };
  for (const button of document.querySelectorAll('[data-kind]')) button.onclick = () => {
    state.kind = button.dataset.kind; state.worldPage.offset = 0;
    for (const other of document.querySelectorAll('[data-kind]')) other.classList.toggle('on', other === button);
    loadWorld();
  };
  $('world-search').oninput = (event) => { state.worldPage = { offset: 0, search: event.target.value.trim() }; loadWorld(); };
  $('world-prev').onclick = () => { state.worldPage.offset = Math.max(0, state.worldPage.offset - PAGE); loadWorld(); };
  $('world-next').onclick = () => { state.worldPage.offset += PAGE; loadWorld(); };
  $('drawer-close').onclick = () => $('drawer').classList.remove('open');
  for (const button of document.querySelectorAll('[data-advance]')) button.onclick = () => act('POST', '/clock', { advanceMinutes: Number(button.dataset.advance) });
  $('clock-set').onclick = () => act('POST', '/clock', { set: $('clock-input').value.trim() });
  $('reset').onclick = () => act('POST', '/reset');
  $('snapshot').onclick = () => act('POST', '/snapshot');
  $('restore').onclick = () => act('POST', '/restore');
  $('drop-rules').onclick = () => act('DELETE', '/scenarios');
  setInterval(() => { if (state.tab !== 'requests' && !document.hidden) refresh(); }, 2000);
}
bind();
loadWorlds().then(loadRequests).then(() => show(state.tab)).catch((error) => toast(error.message));
`;
