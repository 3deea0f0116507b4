import type { AvatarsRecipe } from './avatars.js';
import type { CalendarRecipe } from './calendar.js';
import type { FilesRecipe } from './files.js';
import type { SandboxData } from '../fixtures/fixtures.js';

/**
 * World data whose bulk generated parts may still be recipes, made when a read first needs them:
 * createWorld indexes the records and the recipes alike.
 */
export type SandboxDataWithRecipes = SandboxData & {
  calendarRecipes?: CalendarRecipe[];
  avatarRecipes?: AvatarsRecipe[];
  filesRecipes?: FilesRecipe[];
};
