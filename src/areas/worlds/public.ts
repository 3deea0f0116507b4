// What other areas may use of worlds; everything else in this folder is its own.
export { findWorld, worldView } from './worlds.js';
