import * as z from 'zod';
import { ApiError, messages } from '../../errors.js';
import { lazy } from '../../schema/lazy.js';
import { hash32 } from '../../store/random.js';
import type { Sandbox } from '../../store/sandbox.js';
import { parseInput } from '../../http/validation.js';
import { isPackage } from './files.js';

const COUNTS = [
  'animatorCount',
  'audioSourceCount',
  'blendShapeCount',
  'boneCount',
  'clothCount',
  'constraintCount',
  'constraintDepth',
  'contactCount',
  'lightCount',
  'lineRendererCount',
  'lipSync',
  'materialCount',
  'materialSlotsUsed',
  'meshCount',
  'meshIndices',
  'meshParticleMaxPolygons',
  'meshPolygons',
  'meshVertices',
  'particleSystemCount',
  'physBoneColliderCount',
  'physBoneCollisionCheckCount',
  'physBoneComponentCount',
  'physBoneTransformCount',
  'physicsColliders',
  'physicsRigidbodies',
  'skinnedMeshCount',
  'skinnedMeshIndices',
  'skinnedMeshPolygons',
  'skinnedMeshVertices',
  'totalClothVertices',
  'totalIndices',
  'totalMaxParticles',
  'totalPolygons',
  'totalTextureUsage',
  'totalVertices',
  'trailRendererCount',
] as const;
const FLAGS = [
  'customExpressions',
  'customizeAnimationLayers',
  'enableEyeLook',
  'particleCollisionEnabled',
  'particleTrailsEnabled',
  'writeDefaultsUsed',
] as const;
const RATINGS = ['Excellent', 'Good', 'Medium', 'Poor', 'VeryPoor'];

const AnalysisParamsSchema = lazy(() => z.object({ versionId: z.coerce.number().int().min(1) }));

/**
 * GET /analysis/{fileId}/{versionId}[/standard|/security]: what the service found in a package's
 * version. The figures follow from the uploaded file's md5 and size, so one upload always analyses
 * the same. An analysis not made (yet) is the real service's 202: a version still uploading, and, as
 * live, a file or version that is not there.
 */
export function analyseFile(sandbox: Sandbox, fileId: string, versionId: string) {
  const { versionId: number } = parseInput(AnalysisParamsSchema, { versionId });
  const file = sandbox.files.get(fileId);
  const version = file?.versions[number];
  if (!file || !version) throw new ApiError(202, messages.fileAnalysisNotYet);
  if (!isPackage(file)) throw new ApiError(404, messages.fileAnalysisNotPackage(file.id));
  if (version.status !== 'complete') throw new ApiError(202, messages.fileAnalysisNotYet);
  const part = version.file!.status === 'complete' ? version.file! : version.delta!;
  const seed = hash32(`${file.id}/${number}/${part.md5}`);
  const figure = (k: number, max: number) => hash32(String(k), seed) % max;
  const avatarStats: Record<string, unknown> = { bounds: [1, 2, 1] };
  COUNTS.forEach((name, k) => (avatarStats[name] = figure(k, 200)));
  FLAGS.forEach((name, k) => (avatarStats[name] = figure(100 + k, 2) === 1));
  return {
    avatarStats,
    created_at: version.created_at,
    fileSize: part.sizeInBytes,
    performanceRating: RATINGS[figure(200, RATINGS.length)]!,
    success: true,
    uncompressedSize: part.sizeInBytes * 2,
  };
}
