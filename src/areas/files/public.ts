// What other areas may use of files; everything else in this folder is its own.
export { checkUploadRoom } from './upload-limits.js';
export { fileView, findFile } from './files.js';
export { deleteFile, isPng, storeImageFile } from './extras.js';
export { announceContent, sendContentRefresh } from './content-refresh.js';
