/**
 * Writes the notification sounds of the web client (apps/web/public/sounds/*.wav): short sine-tone
 * chimes made here, so that no recorded or third-party audio is shipped. Run again after changing a
 * tune: node --import tsx scripts/generate-sounds.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 22_050;

/** A note: frequency (Hz), start and length (s). */
type Note = [hz: number, start: number, length: number];

/** The tunes (001 §4: sounds for a mention, someone joining, someone leaving, a stream). */
const TUNES: Record<string, Note[]> = {
  mention: [
    [880, 0, 0.14],
    [1318.5, 0.09, 0.22],
  ],
  joined: [
    [523.25, 0, 0.12],
    [783.99, 0.1, 0.18],
  ],
  left: [
    [783.99, 0, 0.12],
    [523.25, 0.1, 0.18],
  ],
  stream: [
    [659.25, 0, 0.1],
    [783.99, 0.08, 0.1],
    [1046.5, 0.16, 0.2],
  ],
};

/** 16-bit mono PCM of the notes, each with a short attack and an exponential decay. */
function render(notes: Note[]): Int16Array {
  const seconds = Math.max(...notes.map(([, start, length]) => start + length)) + 0.02;
  const samples = new Float64Array(Math.ceil(seconds * RATE));
  for (const [hz, start, length] of notes) {
    const from = Math.floor(start * RATE);
    const count = Math.floor(length * RATE);
    for (let i = 0; i < count && from + i < samples.length; i++) {
      const t = i / RATE;
      const attack = Math.min(1, t / 0.005);
      const decay = Math.exp((-5 * t) / length);
      samples[from + i] = (samples[from + i] ?? 0) + 0.35 * attack * decay * Math.sin(2 * Math.PI * hz * t);
    }
  }
  return Int16Array.from(samples, (v) => Math.round(Math.max(-1, Math.min(1, v)) * 32_767));
}

function wav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // PCM header size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/sounds');
for (const [name, notes] of Object.entries(TUNES)) {
  const file = path.join(out, `${name}.wav`);
  writeFileSync(file, wav(render(notes)));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
