// What other areas may use of authentication; everything else in this folder is its own.
export { clearTutorials, currentUserView, tutorialStatus } from './accounts.js';
export { EmailSchema, normalizeEmail } from './email.js';
export { outbox } from './account-extras.js';
export { totp } from './totp.js';
