import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import type { UserRecord } from '../../store/records/user.js';
import { parseInput } from '../../http/validation.js';

/** The website's front-end bundles, as small fixed files: clients fetch them, none reads what is inside. */
export const webAssets = {
  css: {
    contentType: 'text/css; charset=utf-8',
    text: '/* mock-api website stylesheet */\nbody { margin: 0; font-family: sans-serif; }\n',
  },
  js: {
    contentType: 'application/javascript; charset=utf-8',
    text: '// mock-api website script\nconsole.log("mock-api");\n',
  },
} as const;

const AssetQuerySchema = lazy(() =>
  z.object({
    variant: z.enum(['internal', 'public']).default('public'),
    branch: z.string().min(1).default('main'),
  }),
);

/**
 * GET /css/app.css and /js/app.js: the public variant of the main branch, or any for an admin. The live
 * service serves them without a session (conformance: get-css, get-java-script); `actor` is then absent.
 */
export function webAsset(kind: keyof typeof webAssets, actor: UserRecord | undefined, query: unknown) {
  const { variant, branch } = parseInput(AssetQuerySchema, query);
  const admin = actor?.isAdmin === true;
  if (!admin && branch !== 'main') throw new ApiError(400, messages.nonMainBranch);
  if (!admin && variant !== 'public') throw new ApiError(400, messages.nonPublicVariant);
  return webAssets[kind];
}
