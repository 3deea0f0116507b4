import type { NotificationRecord } from '../records/notifications.js';
import { WatchedMap, recordsById } from '../watched-map.js';

export interface NotificationIndex {
  readonly notifications: Map<string, NotificationRecord>;
  /**
   * receiverUserId -> their notifications, oldest created_at first; those of one moment in the order
   * they were made, which is the order the sandbox keeps its records in, so a reloaded sandbox lists them alike.
   */
  readonly notificationsByReceiver: Map<string, NotificationRecord[]>;
}

const created = (record: NotificationRecord) => Date.parse(record.created_at);
const byCreated = (a: NotificationRecord, b: NotificationRecord) => created(a) - created(b);

export function indexNotifications(records: NotificationRecord[]): NotificationIndex {
  const index: NotificationIndex = { notifications: recordsById(), notificationsByReceiver: new WatchedMap() };
  for (const record of records) {
    index.notifications.set(record.id, record);
    const list = index.notificationsByReceiver.get(record.receiverUserId);
    if (list) list.push(record);
    else index.notificationsByReceiver.set(record.receiverUserId, [record]);
  }
  for (const list of index.notificationsByReceiver.values()) list.sort(byCreated);
  return index;
}

/** Adds a notification after every one of the receiver's created no later (all of them, unless the clock was set back). */
export function addNotification(index: NotificationIndex, record: NotificationRecord): void {
  index.notifications.set(record.id, record);
  const list = index.notificationsByReceiver.get(record.receiverUserId);
  if (!list) index.notificationsByReceiver.set(record.receiverUserId, [record]);
  else {
    let at = list.length;
    while (at > 0 && created(list[at - 1]!) > created(record)) at--;
    list.splice(at, 0, record);
  }
}

export function removeNotification(index: NotificationIndex, record: NotificationRecord): void {
  index.notifications.delete(record.id);
  const list = index.notificationsByReceiver.get(record.receiverUserId);
  const at = list?.indexOf(record) ?? -1;
  if (at >= 0) list!.splice(at, 1);
}
