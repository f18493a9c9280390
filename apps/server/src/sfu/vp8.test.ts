import { describe, expect, it } from 'vitest';
import { FrameRateMeter, vp8KeyFrameSize } from './vp8';
import { vp8KeyFrame } from '../../test/helpers/voice-client';

describe('vp8KeyFrameSize', () => {
  it('reads the size of a key frame, with or without the extended descriptor', () => {
    expect(vp8KeyFrameSize(vp8KeyFrame(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    // X set, I set with a 15-bit picture id (M bit), L and T/K set: 1 + 1 + 2 + 1 + 1 bytes before the frame.
    const extended = Buffer.concat([Buffer.from([0x90, 0xe0, 0x80, 0x01, 0x00, 0x00]), vp8KeyFrame(640, 360).subarray(1)]);
    expect(vp8KeyFrameSize(extended)).toEqual({ width: 640, height: 360 });
  });

  it('ignores inter frames, continuation packets and short ones', () => {
    const inter = vp8KeyFrame(1920, 1080);
    inter[1] = 0x11;
    expect(vp8KeyFrameSize(inter)).toBeNull();
    const continuation = vp8KeyFrame(1920, 1080);
    continuation[0] = 0x00;
    expect(vp8KeyFrameSize(continuation)).toBeNull();
    expect(vp8KeyFrameSize(Buffer.from([0x10, 0x10]))).toBeNull();
  });
});

describe('FrameRateMeter', () => {
  it('counts frames by distinct RTP timestamps over two seconds', () => {
    const meter = new FrameRateMeter();
    let rate = 0;
    // 60 frames a second, 3 packets each, for 2 seconds.
    for (let frame = 0; frame <= 120; frame += 1) for (let packet = 0; packet < 3; packet += 1) rate = meter.add(frame * 1500, (frame * 1000) / 60);
    expect(rate).toBeGreaterThan(59);
    expect(rate).toBeLessThan(61);
  });
});
