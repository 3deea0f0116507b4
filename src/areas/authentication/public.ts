// What other areas may use of authentication; everything else in this folder is its own.
export { clearTutorials, currentUserView, findUser, tutorialStatus } from './accounts.js';
export { EmailSchema, normalizeEmail } from './email.js';
