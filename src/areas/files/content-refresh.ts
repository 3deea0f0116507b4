import type { FileRecord } from '../../store/records/files.js';
import type { Sandbox } from '../../store/sandbox.js';

/** The content of a `content-refresh` frame: which list of the owner's changed, and how. */
export interface ContentRefresh {
  contentType: string;
  /** `created` / `deleted` for an image, `add` for an item put in an inventory. */
  actionType: 'created' | 'deleted' | 'add';
  /** The image, or `''` when no file is concerned. */
  fileId: string;
  /** The record the change belongs to (a print, an inventory item), or `''`. */
  itemId: string;
  /** The inventory item's type, or `''` for anything but an inventory item. */
  itemType: string;
}

/** `content-refresh` to the owner alone, so their client reloads the list `contentType` names. */
export function sendContentRefresh(sandbox: Sandbox, ownerId: string, content: ContentRefresh): void {
  sandbox.pipeline.emit({ type: 'content-refresh', to: [ownerId], content });
}

/**
 * The kinds of content the real pipeline announces to their owner with `content-refresh`, by the tag
 * their image file carries (an animated emoji is an emoji to the client).
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  gallery: 'gallery',
  icon: 'icon',
  emoji: 'emoji',
  emojianimated: 'emoji',
  sticker: 'sticker',
  print: 'print',
};

/**
 * `content-refresh` to the file's owner when an image of one of those kinds is created or deleted,
 * so a client reloads that list; `itemId` names the record the image belongs to (a print), if any.
 */
export function announceContent(sandbox: Sandbox, file: FileRecord, actionType: 'created' | 'deleted', itemId = ''): void {
  const contentType = file.tags.map((tag) => CONTENT_TYPES[tag]).find((type) => type !== undefined);
  if (contentType === undefined) return;
  sendContentRefresh(sandbox, file.ownerId, { contentType, actionType, fileId: file.id, itemId, itemType: '' });
}
