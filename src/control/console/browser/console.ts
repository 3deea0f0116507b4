// The console's browser script (GET /_mock/console.js), built from these modules into one file.
import { messageOf } from './api.js';
import { act, loadControls } from './controls.js';
import { $, toast } from './dom.js';
import { loadRequests, renderRequests } from './requests.js';
import { PAGE, state, type FilterName, type Tab, type RecordKind } from './state.js';
import { loadRecords } from './records.js';
import { loadSandboxes } from './sandboxes.js';

const TABS: Tab[] = ['requests', 'world', 'controls'];
/** How often the sandbox picker, the record views and the controls are read again. */
const REFRESH_MS = 2000;

/** The tab a link names (`/_mock/#controls`), if it names one. */
const tabOf = (hash: string) => TABS.find((tab) => hash === `#${tab}`);

/** Shows `tab` and names it in the address, so that the address links to what is on screen. */
function select(tab: Tab) {
  state.tab = tab;
  for (const name of TABS) {
    $(name).hidden = name !== tab;
    $(`tab-${name}`).classList.toggle('on', name === tab);
  }
  if (location.hash !== `#${tab}`) history.replaceState(null, '', `#${tab}`);
}

function show(tab: Tab) {
  select(tab);
  void refresh();
}

async function refresh() {
  try {
    if (state.tab === 'requests') renderRequests();
    if (state.tab === 'world') await loadRecords();
    if (state.tab === 'controls') await loadControls(() => void refresh());
  } catch (error) {
    toast(messageOf(error));
  }
}

/** Shows another sandbox (or the default one, ''): its requests, live, and its records. */
function switchSandbox(sandboxId: string) {
  state.sandboxId = sandboxId;
  state.entries = [];
  state.open = null;
  loadRequests().then(refresh, (error: unknown) => toast(messageOf(error)));
}

const pickSandboxes = () => loadSandboxes(() => switchSandbox('')).catch((error: unknown) => toast(messageOf(error)));
const perform = (method: string, path: string, body?: unknown) => void act(method, path, body, () => void refresh());

function bind() {
  for (const name of TABS) $(`tab-${name}`).onclick = () => show(name);
  window.onhashchange = () => {
    const tab = tabOf(location.hash);
    if (tab && tab !== state.tab) show(tab);
  };
  const picker = $<HTMLSelectElement>('world-picker');
  picker.onchange = () => switchSandbox(picker.value);
  picker.onfocus = () => void pickSandboxes();
  for (const name of Object.keys(state.filters) as FilterName[]) {
    const input = $<HTMLInputElement | HTMLSelectElement>(`filter-${name}`);
    input.oninput = () => {
      state.filters[name] = input.value.trim();
      state.page = 0;
      renderRequests();
    };
  }
  $('req-prev').onclick = () => {
    state.page = Math.max(0, state.page - 1);
    renderRequests();
  };
  $('req-next').onclick = () => {
    state.page++;
    renderRequests();
  };
  const kinds = [...document.querySelectorAll<HTMLButtonElement>('[data-kind]')];
  for (const button of kinds) {
    button.onclick = () => {
      state.kind = button.dataset.kind as RecordKind;
      state.recordPage.offset = 0;
      for (const other of kinds) other.classList.toggle('on', other === button);
      void refresh();
    };
  }
  const search = $<HTMLInputElement>('world-search');
  search.oninput = () => {
    state.recordPage = { offset: 0, search: search.value.trim() };
    void refresh();
  };
  $('world-prev').onclick = () => {
    state.recordPage.offset = Math.max(0, state.recordPage.offset - PAGE);
    void refresh();
  };
  $('world-next').onclick = () => {
    state.recordPage.offset += PAGE;
    void refresh();
  };
  $('drawer-close').onclick = () => $('drawer').classList.remove('open');
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-advance]')) {
    button.onclick = () => perform('POST', '/clock', { advanceMinutes: Number(button.dataset.advance) });
  }
  $('clock-set').onclick = () => perform('POST', '/clock', { set: $<HTMLInputElement>('clock-input').value.trim() });
  $('reset').onclick = () => perform('POST', '/reset');
  $('snapshot').onclick = () => perform('POST', '/snapshot');
  $('restore').onclick = () => perform('POST', '/restore');
  $('drop-rules').onclick = () => perform('DELETE', '/scenarios');
  setInterval(() => {
    if (document.hidden) return;
    void pickSandboxes();
    if (state.tab !== 'requests') void refresh();
  }, REFRESH_MS);
}

bind();
select(tabOf(location.hash) ?? state.tab);
loadSandboxes(() => undefined)
  .then(loadRequests)
  .then(() => show(state.tab))
  .catch((error: unknown) => toast(messageOf(error)));
