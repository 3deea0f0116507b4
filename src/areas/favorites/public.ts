// What other areas may use of favorites; everything else in this folder is its own.
export { removeFavoritesWhere } from './favorites.js';
