// `npm run dev`: the CLI straight from source (tsx), without a build.
import { main } from './cli.js';

await main(process.argv);
