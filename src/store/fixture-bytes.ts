import { ApiError, messages } from '../errors.js';
import { LIMITS, shareOf } from '../limits.js';
import type { Sandbox } from './sandbox.js';
import { uploadBytesOfProcess } from './upload-bytes.js';

/**
 * 413 unless `sandbox`'s fixture bytes fit, with the uploads of every sandbox and snapshot of the
 * process, within LIMITS.uploadShare. `replacing` is the sandbox it takes the place of (a record put),
 * whose fixture bytes go when it does.
 */
export function checkFixtureBytesFit(sandbox: Sandbox, replacing?: Sandbox): void {
  const added = sandbox.fixtureFileBytes - (replacing?.fixtureFileBytes ?? 0);
  const max = shareOf(LIMITS.uploadShare);
  if (added > 0 && uploadBytesOfProcess() + added > max)
    throw new ApiError(413, messages.fixtureBytesProcessFull(sandbox.fixtureFileBytes, max));
}
