import type { ControlFrame, DispatchEvent } from '@rally/shared/gateway/protocol';

/**
 * A dispatch event serialised once per envelope, without its opening brace:
 * `"type":"MESSAGE_SEND","data":{...}}`. Every recipient's frame is `{"seq":N,` + this tail, so
 * fan-out costs a string concatenation per socket, not a JSON.stringify.
 */
export type FrameTail = string;

export function dispatchTail(event: DispatchEvent): FrameTail {
  return JSON.stringify({ type: event.type, data: event.data }).slice(1);
}

export function dispatchFrame(seq: number, tail: FrameTail): string {
  return '{"seq":' + seq + ',' + tail;
}

export function controlFrame(frame: ControlFrame, seq: number): string {
  return JSON.stringify({ type: frame.type, data: frame.data, seq });
}
