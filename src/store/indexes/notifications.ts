import type { NotificationRecord } from '../records/notifications.js';

export interface NotificationIndex {
  readonly notifications: Map<string, NotificationRecord>;
  /** receiverUserId -> their notifications, oldest created_at first. */
  readonly notificationsByReceiver: Map<string, NotificationRecord[]>;
}

const byCreated = (a: NotificationRecord, b: NotificationRecord) =>
  Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function indexNotifications(records: NotificationRecord[]): NotificationIndex {
  const index: NotificationIndex = { notifications: new Map(), notificationsByReceiver: new Map() };
  for (const record of records) {
    index.notifications.set(record.id, record);
    const list = index.notificationsByReceiver.get(record.receiverUserId);
    if (list) list.push(record);
    else index.notificationsByReceiver.set(record.receiverUserId, [record]);
  }
  for (const list of index.notificationsByReceiver.values()) list.sort(byCreated);
  return index;
}

/** Adds a notification created now, so it is the receiver's newest. */
export function addNotification(index: NotificationIndex, record: NotificationRecord): void {
  index.notifications.set(record.id, record);
  const list = index.notificationsByReceiver.get(record.receiverUserId);
  if (list) list.push(record);
  else index.notificationsByReceiver.set(record.receiverUserId, [record]);
}

export function removeNotification(index: NotificationIndex, record: NotificationRecord): void {
  index.notifications.delete(record.id);
  const list = index.notificationsByReceiver.get(record.receiverUserId);
  const at = list?.indexOf(record) ?? -1;
  if (at >= 0) list!.splice(at, 1);
}
