import * as z from 'zod';
import { FIXTURE_EPOCH, count, idOf, object, text } from '../../schema/common.js';
import { lazy } from '../../schema/lazy.js';

export const PerformanceRating = lazy(() => z.enum(['Excellent', 'Good', 'Medium', 'None', 'Poor', 'VeryPoor']));

/**
 * One build of an avatar or a world for one platform and Unity version (OpenAPI UnityPackage).
 * Avatars and worlds both carry an array of them; clients such as the vrchat SDK require it.
 */
export const UnityPackageSchema = lazy(() =>
  z.object({
    id: idOf('unp'),
    platform: z.string().default('standalonewindows'),
    unityVersion: z.string().min(1).default('2022.3.22f1'),
    /** Orders Unity versions; derived from unityVersion when left out (see unitySortNumber). */
    unitySortNumber: count(),
    assetVersion: z.number().int().min(0).default(4),
    assetUrl: z.string().nullable().default(null),
    assetUrlObject: object(),
    created_at: z.string().default(FIXTURE_EPOCH),
    impostorUrl: z.string().nullable().default(null),
    impostorizerVersion: text(),
    performanceRating: PerformanceRating.default('None'),
    pluginUrl: text(),
    pluginUrlObject: object(),
    scanStatus: z.string().default('passed'),
    variant: z.string().default('standard'),
    worldSignature: z.string().nullable().default(null),
  }),
);
export type UnityPackage = z.infer<typeof UnityPackageSchema>;

export const unityPackages = () => z.array(UnityPackageSchema).default(() => []);

const UNITY_VERSION = /^(\d{1,4})\.(\d{1,2})(?:\.(\d{1,2}))?(?:[abfp]\d{1,3})?(?:-[\w.]+)?$/;

/**
 * A Unity version (VRChat builds may carry a suffix such as -DWR) as the real API's ordered number:
 * 2018.4.14f1 -> 20180414000 (year, minor, patch; the build does not count). Undefined for a string
 * that is not a Unity version.
 */
export function unitySortNumber(unityVersion: string): number | undefined {
  const match = UNITY_VERSION.exec(unityVersion);
  if (!match) return undefined;
  const [, major, minor, patch = '0'] = match;
  return Number(major) * 10_000_000 + Number(minor) * 100_000 + Number(patch) * 1_000;
}

/** A Unity version as a request names it: a text unitySortNumber reads, or a 400 naming the field. */
export const unityVersionText = () =>
  z.string().refine((value) => unitySortNumber(value) !== undefined, 'must be a Unity version such as 2022.3.22f1');

/** A Unity version in a query (minUnityVersion, maxUnityVersion), read as its unitySortNumber. */
export const unityVersionQuery = () => unityVersionText().transform((value) => unitySortNumber(value)!);

/** Fills unitySortNumber on packages that leave it out; run once when a sandbox is built. */
export function fillUnitySortNumbers(packages: UnityPackage[]): void {
  for (const unityPackage of packages) {
    if (!unityPackage.unitySortNumber) unityPackage.unitySortNumber = unitySortNumber(unityPackage.unityVersion) ?? 0;
  }
}
