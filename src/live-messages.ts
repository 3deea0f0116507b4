// The live service's characters for messages the seed writes in plain ASCII. The live service answers some
// messages with look-alike punctuation (U+01C3 for `!`, U+2024 for `.`, U+02F8 for `:`, U+201A for `,`,
// U+FF1D for `=`) and wraps others in literal quotes, while most stay plain; each form below is one the public
// descriptions show the live service answering. `--profile live` answers these; the default profile never does.

const LOOK_ALIKES: Record<string, string> = { ǃ: '!', '․': '.', '˸': ':', '‚': ',', '＝': '=' };

/** A message with its look-alike characters made ASCII and its literal quotes taken off: the seed's form. */
export function asciiForm(message: string): string {
  const plain = message.replace(/[ǃ․˸‚＝]/g, (char) => LOOK_ALIKES[char]!);
  return /^".*"$/.test(plain) ? plain.slice(1, -1) : plain;
}

/** The live forms the public descriptions show; exported for the profiles page of the docs. */
export const LIVE_FORMS = [
  '"Missing Credentials"',
  '"Instance not found"',
  '"Invalid Admin Credentials"',
  '"Response slot is out of bounds."',
  '"That is not a supported SSO provider."',
  '"You can only edit yourself, not other users."',
  '"You cannot respond to your own invites."',
  '"You need to be friends with that user first."',
  `"You've already responded to that request."`,
  '"username, email, or displayName required"',
  '"You can only see your own favorite avatars!"',
  '"You can only see your own recent worlds!"',
  `"You can't create a world right now"`,
  '"You do not have permission to fetch details about the avatar on this user."',
  'Calendar Entry not foundǃ',
  `Can't find groupǃ`,
  'Cannot delete the initial version of the file‚ just delete the entire file record․',
  'Cannot find notification․',
  'Cannot upload against a complete version entry․ Create a new version of this file before uploading․',
  'Group not foundǃ',
  'Parameter `require` must be an array․',
  'Please wait 60 more minutes until you try again․',
  'Really? A negative slot? Tsk-tsk․․․',
  'That is too high of a slot number․',
  'This notification cannot be replied toǃ',
  'User ID must be your own․',
  'User is already banned․',
  `You can't accept a join request for a user who hasn't requested to join․`,
  `You can't decline an invite that wasn't sent to you․`,
  `You can't invite that user․`,
  `You can't uninvite a user who wasn't invited․`,
  `You don't have permission․`,
  'You must leave a group before blocking it․',
  `You're not allowed to close an already closed instance․`,
  `You're not allowed to close this instance․`,
  `user doesn't existǃ`,
  'you are not friends with that userǃ',
];

const liveFormOf = new Map(LIVE_FORMS.map((form) => [asciiForm(form), form]));

/** The live service's checks of a field or parameter: `n must be a positive integer˸ '-1'`. */
const FIELD_CHECK = /^[\w.]+ must be .*: '.*'$|^[\w.]+=\d+ is much too high/;

/** The invite-message cooldown with any count of minutes, as the known form with 60 writes it. */
const COOLDOWN = /^(Please wait \d+ more minutes until you try again)\.$/;

/** The message as the live service writes it. */
export function liveMessage(message: string): string {
  const known = liveFormOf.get(message);
  if (known) return known;
  const cooldown = COOLDOWN.exec(message);
  if (cooldown) return `${cooldown[1]}․`;
  if (FIELD_CHECK.test(message)) return message.replace(/[:,=.]/g, (char) => ({ ':': '˸', ',': '‚', '=': '＝', '.': '․' })[char]!);
  return message;
}
