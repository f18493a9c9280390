import { z } from 'zod';
import { attachmentSchema, VIDEO_DIMENSION_MAX } from './attachments';
import { snowflakeSchema } from './common';
import { BODY_LIMIT, defineEndpoint } from './endpoint';
import { ROUTES } from './routes';

/** Image formats an upload may be, told by the file's first bytes (never by its name or declared type). */
export const IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The Content-Type each stored format is served with, and the extension of its key. */
export const IMAGE_FORMAT_FILES: Record<ImageFormat, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

/**
 * What an upload is for (the spec's `type` field) and the formats each accepts (000 §4, 001 §7:
 * pictures, avatars and banners png, jpeg or gif; the blog's hero image png or jpeg). Attachments and
 * emoji come with their features.
 */
export const UPLOAD_KINDS = {
  teamIcon: ['png', 'jpeg', 'gif'],
  teamBanner: ['png', 'jpeg', 'gif'],
  userAvatar: ['png', 'jpeg', 'gif'],
  userBanner: ['png', 'jpeg', 'gif'],
  customBackground: ['png', 'jpeg', 'gif'],
  BlogHeroImage: ['png', 'jpeg'],
} as const satisfies Record<string, readonly ImageFormat[]>;
export type UploadKind = keyof typeof UPLOAD_KINDS;
/** The upload type of a message attachment (any format of ATTACHMENT_FORMATS, api/attachments.ts). */
export const ATTACHMENT_UPLOAD = 'attachment';
const uploadTypeNames = [...(Object.keys(UPLOAD_KINDS) as UploadKind[]), ATTACHMENT_UPLOAD] as const;

export const UPLOAD_LIMITS = {
  /** 'File size exceeds 20MB.' (000 §4); Plus members 50 MB (000 §9). */
  maxBytes: 20 * 1024 * 1024,
  premiumMaxBytes: 50 * 1024 * 1024,
} as const;

/**
 * What an image may be before it is decoded, read from its header (decompression bombs, and
 * images whose shape makes decoding slow: libvips works one row at a time, and an animation is one
 * tall strip of its frames, so a PNG of 1 × 39,000,000 pixels, 75 KB, or a GIF of 800,000 frames of
 * one pixel costs it seconds to minutes): a frame at most `maxSide` pixels wide and tall
 * (upload_dimensions_too_large), at most `maxFrames` frames (upload_too_many_frames), at most
 * `maxPixels` pixels in all its frames together (upload_too_many_pixels). Decoding and encoding it
 * may take at most `maxSeconds` of work (upload_too_slow).
 */
export interface ImageLimits {
  maxSide: number;
  maxFrames: number;
  maxPixels: number;
  maxSeconds: number;
}

/** The image kinds with limits of their own: every upload type, and a team's emoji (api/emojis.ts). */
export type ImageKind = UploadKind | typeof ATTACHMENT_UPLOAD | 'emoji';

/**
 * Each kind's limits (SECURITY.md, "Uploads"). The web client crops pictures to 512 px and banners
 * to 1280 × 720 (an animated GIF is sent as it is: 1,000 frames are 40 s at 25 per second);
 * backgrounds are screens (8K: 7680 × 4320); attachments may be panoramas; emoji are files of 1 MB
 * at most, stored at 128 px.
 */
export const IMAGE_LIMITS: Record<ImageKind, ImageLimits> = {
  teamIcon: { maxSide: 4096, maxFrames: 1000, maxPixels: 40_000_000, maxSeconds: 20 },
  userAvatar: { maxSide: 4096, maxFrames: 1000, maxPixels: 40_000_000, maxSeconds: 20 },
  teamBanner: { maxSide: 8192, maxFrames: 1000, maxPixels: 40_000_000, maxSeconds: 30 },
  userBanner: { maxSide: 8192, maxFrames: 1000, maxPixels: 40_000_000, maxSeconds: 30 },
  customBackground: { maxSide: 8192, maxFrames: 1000, maxPixels: 40_000_000, maxSeconds: 30 },
  BlogHeroImage: { maxSide: 8192, maxFrames: 1, maxPixels: 40_000_000, maxSeconds: 30 },
  attachment: { maxSide: 16_384, maxFrames: 2000, maxPixels: 40_000_000, maxSeconds: 30 },
  emoji: { maxSide: 4096, maxFrames: 500, maxPixels: 16_777_216, maxSeconds: 10 },
};

/** The file limit of a user, by the PREMIUM flag. */
export function uploadLimitBytes(premium: boolean): number {
  return premium ? UPLOAD_LIMITS.premiumMaxBytes : UPLOAD_LIMITS.maxBytes;
}

const videoDimension = z.coerce
  .number({ error: 'invalid_request' })
  .int('invalid_request')
  .min(1, 'invalid_request')
  .max(VIDEO_DIMENSION_MAX, 'invalid_request');

/**
 * The text fields of the multipart body (the file is the part named `image`, whatever it is).
 * `teamId` is what the image is for, kept for the spec's shape; using the image on a team checks
 * that team's permission. `width` and `height`: a video attachment's size as the client's player
 * read it (the server reads images itself; a video's size only reserves its preview's space).
 */
export const uploadFieldsSchema = z.object({
  type: z.enum(uploadTypeNames, { error: 'upload_type_invalid' }),
  teamId: snowflakeSchema.optional(),
  width: videoDimension.optional(),
  height: videoDimension.optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/**
 * `url`: where the stored file is served (same origin `/uploads/…`, or S3_PUBLIC_URL); `id` names
 * it. An `attachment` upload also answers the attachment as a message will carry it; its id is
 * what a send request names.
 */
export const uploadResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  url: z.string(),
  message: z.string(),
  attachment: attachmentSchema.optional(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const uploadEndpoint = defineEndpoint({
  ...ROUTES.upload,
  summary:
    "Upload an image or a message attachment (multipart/form-data: file `image` ≤ 20 MB, Plus 50 MB; `type`; optional `teamId`; a video attachment's `width`/`height`): checked by content, images re-encoded without metadata, stored, its URL returned",
  permission: {
    none: 'any signed-in user may store a file; the endpoint that puts it on a team, a profile or a message checks its own permission',
  },
  response: uploadResponseSchema,
  status: 201,
  userRateLimit: 'uploads',
  // For a body that is not multipart (refused with 415 unread beyond this). The multipart body is
  // limited part by part on the server: the file to the user's uploadLimitBytes, the fields to a few bytes.
  bodyLimit: BODY_LIMIT.SMALL,
});
