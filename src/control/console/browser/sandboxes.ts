import { control } from './api.js';
import { $, h, toast } from './dom.js';
import { state } from './state.js';

/**
 * Fills the sandbox picker (labelled "world", as users call a sandbox) with the sandboxes the server
 * has now; called at load and then every few seconds, so sandboxes a test makes or removes appear and
 * go. When the chosen one is gone, the console goes back to the default sandbox and `onGone` reloads
 * what it shows.
 */
export async function loadSandboxes(onGone: () => void) {
  const { worlds } = await control<{ worlds: string[] }>('GET', '/worlds');
  const ids = worlds.filter((id) => id !== '');
  const picker = $<HTMLSelectElement>('world-picker');
  const listed = [...picker.options].map((option) => option.value);
  const wanted = ['', ...ids];
  if (listed.length !== wanted.length || listed.some((id, i) => id !== wanted[i])) {
    picker.replaceChildren(h('option', { value: '' }, 'default world'), ...ids.map((id) => h('option', { value: id }, id)));
  }
  if (state.sandboxId && !ids.includes(state.sandboxId)) {
    toast(`world ${state.sandboxId} is gone: showing the default world`);
    state.sandboxId = '';
    onGone();
  }
  picker.value = state.sandboxId;
}
