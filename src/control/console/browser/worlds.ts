import { control } from './api.js';
import { $, h, toast } from './dom.js';
import { state } from './state.js';

/**
 * Fills the world picker with the worlds the server has now; called at load and then every few
 * seconds, so worlds a test makes or removes appear and go. When the chosen world is gone, the
 * console goes back to the default world and `onGone` reloads what it shows.
 */
export async function loadWorlds(onGone: () => void) {
  const { worlds } = await control<{ worlds: string[] }>('GET', '/worlds');
  const ids = worlds.filter((id) => id !== '');
  const picker = $<HTMLSelectElement>('world-picker');
  const listed = [...picker.options].map((option) => option.value);
  const wanted = ['', ...ids];
  if (listed.length !== wanted.length || listed.some((id, i) => id !== wanted[i])) {
    picker.replaceChildren(h('option', { value: '' }, 'default world'), ...ids.map((id) => h('option', { value: id }, id)));
  }
  if (state.world && !ids.includes(state.world)) {
    toast(`world ${state.world} is gone: showing the default world`);
    state.world = '';
    onGone();
  }
  picker.value = state.world;
}
