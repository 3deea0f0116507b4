#!/usr/bin/env node
import { loadCli } from '../dist/boot.js';

await loadCli().cli.main(process.argv);
