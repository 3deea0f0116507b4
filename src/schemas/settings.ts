import * as z from 'zod';
import { lazy } from './lazy.js';

/** World-wide switches a fixture set may carry in `settings.json`; every field has a default. */
export const WorldSettingsSchema = lazy(() => z.object({
  /** `closed` makes POST /auth/register answer 403 with a waf_code, as the real service does. */
  signups: z.enum(['open', 'closed']).default('open'),
  /** Simultaneous sessions one user may hold; a login beyond it is refused with 429. */
  sessionLimit: z.number().int().min(1).default(10),
  /** Lifetime of an auth cookie and its session. */
  sessionTtlMinutes: z.number().int().min(1).default(24 * 60),
  /** Lifetime of the twoFactorAuth cookie that lets a device skip the second factor. */
  twoFactorTtlDays: z.number().int().min(1).default(30),
  /** `strict` refuses a missing or placeholder User-Agent with 403 and waf_code 13799, as the real service does. */
  userAgent: z.enum(['any', 'strict']).default('any'),
}));
export type WorldSettings = z.infer<typeof WorldSettingsSchema>;
