import type { WriteCase } from './case.js';
import { cases as authentication } from './authentication.js';
import { cases as avatars } from './avatars.js';
import { cases as calendar } from './calendar.js';
import { cases as economy } from './economy.js';
import { cases as favorites } from './favorites.js';
import { cases as files } from './files.js';
import { cases as friends } from './friends.js';
import { cases as groups } from './groups.js';
import { cases as instances } from './instances.js';
import { cases as inventory } from './inventory.js';
import { cases as invite } from './invite.js';
import { cases as jams } from './jams.js';
import { cases as miscellaneous } from './miscellaneous.js';
import { cases as notifications } from './notifications.js';
import { cases as playermoderation } from './playermoderation.js';
import { cases as prints } from './prints.js';
import { cases as props } from './props.js';
import { cases as users } from './users.js';
import { cases as worlds } from './worlds.js';

/** A case for every stateful write operation of the description, by its tag. */
export const writeCases: WriteCase[] = [
  ...authentication,
  ...avatars,
  ...calendar,
  ...economy,
  ...favorites,
  ...files,
  ...friends,
  ...groups,
  ...instances,
  ...inventory,
  ...invite,
  ...jams,
  ...miscellaneous,
  ...notifications,
  ...playermoderation,
  ...prints,
  ...props,
  ...users,
  ...worlds,
];
