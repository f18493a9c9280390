/**
 * The frame size of a VP8 key frame's first packet (RFC 7741 payload descriptor, then RFC 6386
 * §9.1 frame header), read without decoding: the SFU enforces the screen cap by it. Null for any
 * other packet.
 */
export function vp8KeyFrameSize(payload: Uint8Array): { width: number; height: number } | null {
  if (payload.length < 1) return null;
  const first = payload[0]!;
  const extended = (first & 0x80) !== 0;
  const startOfPartition = (first & 0x10) !== 0;
  const partitionId = first & 0x0f;
  if (!startOfPartition || partitionId !== 0) return null;
  let offset = 1;
  if (extended) {
    if (payload.length < 2) return null;
    const flags = payload[1]!;
    offset = 2;
    if (flags & 0x80) offset += payload.length > offset && payload[offset]! & 0x80 ? 2 : 1; // PictureID, 7 or 15 bits
    if (flags & 0x40) offset += 1; // TL0PICIDX
    if (flags & 0x20 || flags & 0x10) offset += 1; // TID / KEYIDX
  }
  // Frame tag (3 bytes): bit 0 of the first is 0 for a key frame; then the start code 9d 01 2a.
  if (payload.length < offset + 10) return null;
  if ((payload[offset]! & 0x01) !== 0) return null;
  if (payload[offset + 3] !== 0x9d || payload[offset + 4] !== 0x01 || payload[offset + 5] !== 0x2a) return null;
  const width = (payload[offset + 6]! | (payload[offset + 7]! << 8)) & 0x3fff;
  const height = (payload[offset + 8]! | (payload[offset + 9]! << 8)) & 0x3fff;
  return { width, height };
}

/**
 * Frames per second of a video stream from its RTP timestamps (one per frame, 90 kHz), over a
 * window of two seconds.
 */
export class FrameRateMeter {
  private windowStart = -1;
  private frames = 0;
  private lastTimestamp = -1;
  private rate = 0;

  /** Count a packet; answers the rate of the last complete window. */
  add(rtpTimestamp: number, nowMs: number): number {
    if (this.windowStart < 0) this.windowStart = nowMs;
    if (rtpTimestamp !== this.lastTimestamp) {
      this.frames += 1;
      this.lastTimestamp = rtpTimestamp;
    }
    const elapsed = nowMs - this.windowStart;
    if (elapsed >= 2_000) {
      this.rate = (this.frames * 1_000) / elapsed;
      this.frames = 0;
      this.windowStart = nowMs;
    }
    return this.rate;
  }
}
