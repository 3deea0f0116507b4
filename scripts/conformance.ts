// Runs the conformance suite against a simulator in this process and prints what failed:
//   npx tsx scripts/conformance.ts [--profile live] [workflowId ...]
import { writeFileSync } from 'node:fs';
import { runAgainstSimulator } from '../src/conformance/against-simulator.js';

const args = process.argv.slice(2);
const profileAt = args.indexOf('--profile');
const profile = profileAt >= 0 ? (args.splice(profileAt, 2)[1] as 'seed' | 'live') : undefined;
const results = await runAgainstSimulator({ profile, only: args });
writeFileSync('/tmp/conformance-results.json', JSON.stringify(results, null, 1));
for (const result of results.filter((r) => !r.ok)) {
  const failed = result.steps.filter((step) => !step.ok);
  console.log(
    `FAIL ${result.workflowId}: ${failed.map((s) => `${s.stepId} [${s.status}] ${s.failures.join(' | ').replace(/\s+/g, ' ').slice(0, 200)}`).join(' ;; ')}`,
  );
}
const steps = results.flatMap((r) => r.steps);
console.log(`workflows ${results.filter((r) => r.ok).length}/${results.length}, steps ${steps.filter((s) => s.ok).length}/${steps.length}`);
