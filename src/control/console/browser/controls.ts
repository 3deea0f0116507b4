import { control, ControlFailure, messageOf } from './api.js';
import { $, h, pretty, toast } from './dom.js';

/** An active rule as `GET /_mock/scenarios` lists it: the fields the card shows. */
interface ActiveRule {
  scenario: string;
  match?: { method?: string; path?: string };
  hits: number;
  remaining: number | null;
}

interface ReadyMade {
  name: string;
  scenario: { description?: string };
}

/** A read the server may not offer (an older server, a library app without it): undefined on 404. */
async function optional<Answer>(path: string): Promise<Answer | { error: string } | undefined> {
  try {
    return await control<Answer>('GET', path);
  } catch (error) {
    return error instanceof ControlFailure && error.status === 404 ? undefined : { error: messageOf(error) };
  }
}

/** Runs a control action, says how it went, then redraws through `after`. */
export async function act(method: string, path: string, body: unknown, after: () => void) {
  try {
    const result = await control<{ ms?: number } | null>(method, path, body);
    toast(`${method} ${path}: ${result?.ms !== undefined ? `${result.ms} ms` : 'done'}`);
  } catch (error) {
    toast(messageOf(error));
  }
  after();
}

export async function loadControls(after: () => void) {
  const [clock, rules, readyMade, outbox, pipeline] = await Promise.all([
    control<{ now: string }>('GET', '/clock'),
    control<ActiveRule[]>('GET', '/scenarios'),
    optional<ReadyMade[]>('/scenarios/ready-made'),
    optional<unknown>('/outbox'),
    optional<unknown>('/pipeline'),
  ]);
  $('clock-now').textContent = clock.now;
  $('rules-body').replaceChildren(
    ...rules.map((rule) =>
      h(
        'tr',
        { class: 'rule' },
        h('td', {}, rule.scenario),
        h('td', { class: 'mono' }, `${rule.match?.method ?? '*'} ${rule.match?.path ?? ''}`),
        h('td', { class: 'hits mono' }, rule.hits),
        h('td', { class: 'mono' }, rule.remaining === null ? 'forever' : rule.remaining),
      ),
    ),
  );
  $('ready-made').replaceChildren(
    ...(Array.isArray(readyMade) ? readyMade : []).map((ready) =>
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          { class: 'action', 'data-scenario': ready.name, onclick: () => void act('POST', '/scenarios', ready.scenario, after) },
          'enable',
        ),
        h('span', { class: 'mono' }, ready.name),
        h('span', { class: 'dim' }, ready.scenario.description ?? ''),
      ),
    ),
  );
  $('outbox').textContent = outbox === undefined ? 'not available on this server' : pretty(outbox);
  $('pipeline').textContent = pipeline === undefined ? 'not available on this server' : pretty(pipeline);
}
