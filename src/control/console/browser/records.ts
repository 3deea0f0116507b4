import type { Page, SandboxRows } from '../rows.js';
import { control, messageOf } from './api.js';
import { $, h, pretty, type Child } from './dom.js';
import { PAGE, state, type RecordKind } from './state.js';

type Column<Row> = [name: string, cell: (row: Row) => Child, className?: string];

/** An id that opens its record in the drawer. */
const link = (id: string | null | undefined) =>
  id
    ? h(
        'a',
        {
          class: 'id mono',
          onclick: (event: Event) => {
            event.stopPropagation();
            void openRecord(id);
          },
        },
        id,
      )
    : '';

const columns: { [Kind in RecordKind]: Column<SandboxRows[Kind]>[] } = {
  users: [
    ['id', (u) => link(u.id)],
    ['username', (u) => u.username],
    ['state', (u) => u.state],
    ['status', (u) => u.status],
    ['location', (u) => u.location, 'wrap'],
    ['sessions', (u) => u.sessions],
    ['2FA', (u) => (u.twoFactor ? 'on' : '')],
    ['friends', (u) => u.friends],
  ],
  groups: [
    ['id', (g) => link(g.id)],
    ['name', (g) => g.name],
    ['owner', (g) => link(g.ownerId)],
    ['join', (g) => g.joinState],
    ['members', (g) => g.memberCount],
    ['roles', (g) => g.roles.join(', ')],
    ['bans', (g) => g.bans],
    ['events this month', (g) => `${g.eventsThisMonth} / ${g.eventsLimit}`],
  ],
  'invite-messages': [
    ['user', (m) => link(m.userId)],
    ['type', (m) => m.messageType],
    ['slot', (m) => m.slot],
    ['message', (m) => m.message, 'wrap'],
    ['cooldown', (m) => (m.cooldownMinutesLeft ? `${m.cooldownMinutesLeft} min left` : 'ready')],
  ],
  files: [
    ['id', (f) => link(f.id)],
    ['name', (f) => f.name],
    ['owner', (f) => link(f.ownerId)],
    ['extension', (f) => f.extension],
    ['versions', (f) => f.versions.map((v) => `${v.version}:${v.status}`).join(' ')],
  ],
  instances: [
    ['location', (i) => link(i.location), 'wrap'],
    ['world', (i) => i.worldName ?? ''],
    [
      'users',
      (i) =>
        h(
          'span',
          {},
          i.userIds.map((id) => [link(id), ' ']),
        ),
    ],
    ['closed', (i) => (i.closed ? 'closed' : '')],
  ],
};

function render<Kind extends RecordKind>(kind: Kind, page: Page<SandboxRows[Kind]>) {
  const shown: Column<SandboxRows[Kind]>[] = columns[kind];
  $('world-head').replaceChildren(
    h(
      'tr',
      {},
      shown.map(([name]) => h('th', {}, name)),
    ),
  );
  $('world-body').replaceChildren(
    ...page.items.map((row) =>
      h(
        'tr',
        { class: 'record' },
        shown.map(([, cell, className]) => h('td', { class: className }, cell(row))),
      ),
    ),
  );
}

export async function loadRecords() {
  const { offset, search } = state.recordPage;
  const kind = state.kind;
  const query = new URLSearchParams({ offset: String(offset), n: String(PAGE) });
  if (search) query.set('search', search);
  const page = await control<Page<SandboxRows[typeof kind]>>('GET', `/state/${kind}?${query}`);
  render(kind, page);
  $('world-page').textContent = page.total ? `${offset + 1}-${offset + page.items.length} of ${page.total}` : 'none';
  $<HTMLButtonElement>('world-prev').disabled = offset === 0;
  $<HTMLButtonElement>('world-next').disabled = offset + page.items.length >= page.total;
}

export async function openRecord(id: string) {
  $('drawer-title').textContent = id;
  $('drawer-body').textContent = 'loading';
  $('drawer').classList.add('open');
  try {
    $('drawer-body').textContent = pretty(await control('GET', `/records/${encodeURIComponent(id)}`));
  } catch (error) {
    $('drawer-body').textContent = messageOf(error);
  }
}
