import type { InviteMessageType } from './records/invite-messages.js';

/**
 * The original text of every slot, per message type: what each user starts with and what a reset
 * restores. `message` goes with a normal invite, `response` replies to a message, `request` asks for
 * an invite, `requestResponse` replies to a request for an invite.
 */
export const originalInviteMessages: Readonly<Record<InviteMessageType, readonly string[]>> = {
  message: [
    'Come hang out with me!',
    "Let's play a game together!",
    'Join me, this world is amazing!',
    'Want to explore some worlds?',
    'We are having a party, come over!',
    'Come meet my friends!',
    'Join us for a movie night!',
    'Come dance with us!',
    "I'm building something, come see!",
    'Want to chill for a bit?',
    'Join me for some karaoke!',
    'Come say hi!',
  ],
  request: [
    'Can I join you?',
    'Mind if I come over?',
    'Can I hang out with you?',
    'Room for one more?',
    'Invite me please!',
    'What are you up to? Can I join?',
    'Can I see your world?',
    "I'd love to join, invite me!",
    'Can I bring a friend along?',
    'Are you free? Let me in!',
    'Let me join the fun!',
    'Can I tag along?',
  ],
  requestResponse: [
    'Sorry, not right now.',
    "I'm busy at the moment, maybe later!",
    'This instance is full, sorry!',
    'Give me a few minutes.',
    "I'm about to leave, catch you later!",
    "I'm in a private session right now.",
    "Let's meet up tomorrow instead.",
    "I'm working on something, ask me later.",
    "I'm AFK, sorry!",
    'Try again in a bit!',
    "Can't right now, but thanks for asking!",
    "I'll send you an invite soon.",
  ],
  response: [
    'Be right there!',
    'On my way!',
    'Give me a minute!',
    "Sorry, I can't come right now.",
    'Maybe later!',
    "I'm busy, sorry!",
    "Thanks, I'll be there soon!",
    "Can't make it, have fun!",
    'Sounds fun, joining now!',
    "I'm about to log off, next time!",
    'Save me a spot!',
    'Not tonight, sorry!',
  ],
};
