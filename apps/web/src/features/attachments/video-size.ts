import { VIDEO_DIMENSION_MAX } from '@rally/shared/api/attachments';

/** How long to wait for the browser to read a video's header before uploading it without a size. */
const READ_TIMEOUT_MS = 5000;

/**
 * A video's size in pixels as the browser reads it (a <video> element on an object URL of the file,
 * its metadata only), sent with the upload so that its preview reserves its space (the server does
 * not decode videos). Null when the browser cannot play the format or takes too long.
 */
export function readVideoSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (size: { width: number; height: number } | null) => {
      clearTimeout(timer);
      video.onloadedmetadata = null;
      video.onerror = null;
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(size);
    };
    const timer = setTimeout(() => done(null), READ_TIMEOUT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const { videoWidth: width, videoHeight: height } = video;
      const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= VIDEO_DIMENSION_MAX;
      done(valid(width) && valid(height) ? { width, height } : null);
    };
    video.onerror = () => done(null);
    video.src = url;
  });
}
