#!/usr/bin/env node
// CommonJS: Node reaches a CommonJS entry point a few milliseconds sooner than an ES module one.
require('../dist/boot.cjs').loadBundle().bundle.main(process.argv);
