// What other areas may use of notifications; everything else in this folder is its own.
export { dropNotification, findOwnNotification, notificationView, sendNotification, sentNotificationView } from './notifications.js';
