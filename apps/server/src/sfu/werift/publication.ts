import type { MediaStreamTrack } from 'werift';
import type { MediaSource, ScreenCap } from '@rally/shared/voice/signaling';
import type { SfuStats } from '../engine';
import { FrameRateMeter, vp8KeyFrameSize } from '../vp8';

/** A frame rate this much over the cap is a breach (encoders overshoot a little). */
const FPS_TOLERANCE = 1.2;

/**
 * Count what a publisher sends and hold a shared screen to the user's cap (000 §9: 1920×1080 at
 * 60 fps with Plus, a lower cap without): a key frame larger than the cap, or a frame rate over it,
 * calls `breach` once. Answers the function that stops watching.
 */
export function watchPublication(track: MediaStreamTrack, source: MediaSource, cap: ScreenCap, stats: SfuStats, breach: () => void): () => void {
  const meter = new FrameRateMeter();
  let breached = false;
  const { unSubscribe } = track.onReceiveRtp.subscribe((rtp) => {
    stats.packetsIn += 1;
    if (source !== 'screen' || breached) return;
    const size = vp8KeyFrameSize(rtp.payload);
    const fps = meter.add(rtp.header.timestamp, Date.now());
    const tooLarge =
      size !== null &&
      (Math.max(size.width, size.height) > Math.max(cap.width, cap.height) || Math.min(size.width, size.height) > Math.min(cap.width, cap.height));
    if (tooLarge || fps > cap.fps * FPS_TOLERANCE) {
      breached = true;
      breach();
    }
  });
  return unSubscribe;
}

/** The bitrate the SFU lets a screen share use (REMB): about 0.05 bit per pixel per frame. */
export const screenBitrate = (cap: ScreenCap) => Math.round(cap.width * cap.height * cap.fps * 0.05);
