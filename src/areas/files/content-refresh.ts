import type { FileRecord } from '../../store/records/files.js';
import type { Sandbox } from '../../store/sandbox.js';

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
  sandbox.pipeline.emit({
    type: 'content-refresh',
    to: [file.ownerId],
    content: { contentType, actionType, fileId: file.id, itemId, itemType: '' },
  });
}
