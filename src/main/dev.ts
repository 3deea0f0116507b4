// `npm run dev`: the CLI straight from source (tsx), without the bundle and its code cache.
import { main } from './cli.js';

await main(process.argv);
