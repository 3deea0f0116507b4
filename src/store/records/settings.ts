import * as z from 'zod';
import { lazy } from '../../schema/lazy.js';
import { LIMITS } from '../../limits.js';
import { PROFILES } from '../../live-profile.js';

export const MAX_SESSION_TTL_MINUTES = LIMITS.sessionTtlMinutesMax.value;

/** Sandbox-wide switches a fixture set may carry in `settings.json`; every field has a default. */
export const SandboxSettingsSchema = lazy(() =>
  z.object({
    /** `closed` makes POST /auth/register answer 403 with a waf_code, as the real service does. */
    signups: z.enum(['open', 'closed']).default('open'),
    /** Simultaneous sessions one user may hold; a login beyond it is refused with 429. */
    sessionLimit: z.number().int().min(1).default(10),
    /** Lifetime of an auth cookie and its session. */
    sessionTtlMinutes: z
      .number()
      .int()
      .min(1)
      .max(MAX_SESSION_TTL_MINUTES)
      .default(24 * 60),
    /** Lifetime of the twoFactorAuth cookie that lets a device skip the second factor. */
    twoFactorTtlDays: z.number().int().min(1).default(30),
    /** Bytes (two a character) of cached read answers a sandbox keeps; the oldest go first. All sandboxes together are held within a share of --max-memory. */
    readCacheBytes: z
      .number()
      .int()
      .min(0)
      .default(32 * 1024 * 1024),
    /** Wrong passwords for one username within lockoutMinutes before logins for it are refused with 429. */
    loginAttempts: z.number().int().min(1).default(10),
    /** Wrong 2FA codes for one user within lockoutMinutes before verifying is refused with 429. */
    twoFactorAttempts: z.number().int().min(1).default(5),
    /** The window in which failures count, and how long a lock-out lasts (sandbox time). */
    lockoutMinutes: z.number().int().min(1).default(15),
    /** Open instances a World view lists in `instances` and `slimInstances`; occupant counts still cover all. */
    worldViewInstances: z.number().int().min(0).default(50),
    /** Part numbers one upload may use. */
    uploadMaxParts: z.number().int().min(1).max(10_000).default(100),
    /** Bytes of uploaded parts, finished or not, a sandbox keeps; a PUT past it is a 413. */
    uploadBytesPerWorld: z
      .number()
      .int()
      .min(0)
      .default(256 * 1024 * 1024),
    /** An upload not finished this long after it started (sandbox time) is dropped with its bytes. */
    uploadExpiryMinutes: z
      .number()
      .int()
      .min(1)
      .default(24 * 60),
    /** The longest string any field of an API request body may hold where the API gives no maxLength. */
    maxTextLength: z.number().int().min(1).default(10_000),
    /** `strict` refuses a missing or placeholder User-Agent with 403 and waf_code 13799, as the real service does. */
    userAgent: z.enum(['any', 'strict']).default('any'),
    /** `live` answers as the live service does where it and the seed's description differ (live-profile.ts). */
    profile: z.enum(PROFILES).default('seed'),
  }),
);
export type SandboxSettings = z.infer<typeof SandboxSettingsSchema>;

/**
 * The switches `PATCH /_mock/settings` may change on a running sandbox: the settings' own fields and
 * bounds, each optional and without its default (a switch left out stays as it is).
 */
export const SettingsChangeSchema = lazy(() => {
  const { shape } = SandboxSettingsSchema;
  return z.strictObject({
    signups: shape.signups.unwrap().optional(),
    sessionLimit: shape.sessionLimit.unwrap().optional(),
    sessionTtlMinutes: shape.sessionTtlMinutes.unwrap().optional(),
    userAgent: shape.userAgent.unwrap().optional(),
    profile: shape.profile.unwrap().optional(),
  });
});
