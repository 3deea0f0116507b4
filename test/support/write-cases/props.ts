import type { WriteCase } from './case.js';

export const cases: WriteCase[] = [];
