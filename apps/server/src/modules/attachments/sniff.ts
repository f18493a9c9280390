import fs from 'node:fs';
import type { AttachmentFormat } from '@rally/shared/api/attachments';
import { readHead, sniffImage } from '../uploads/image';

/**
 * What an attachment is, told by its content (spec 001 §9's types): the first bytes for most
 * formats; for the containers that several formats share, what is inside them:
 * - ISO media (`ftyp`): its brand tells QuickTime (mov) and audio-only MPEG-4 (m4a) from mp4;
 * - Matroska (EBML): only the `webm` document type;
 * - ZIP: Office Open XML only (docx, xlsx, pptx, by their main part's name); other archives are refused;
 * - OLE2 compound files: Word, Excel or PowerPoint by their main stream's name (an installer or
 *   anything else of that container is refused);
 * - anything else is text only when it is valid UTF-8 without NUL bytes, and then `txt`.
 * The file's name and declared type are never asked.
 */
export async function sniffAttachment(path: string): Promise<AttachmentFormat | null> {
  const head = await readHead(path, 64);
  const image = sniffImage(head);
  if (image) return image;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(4, 8) === 'ftyp') return isoMediaFormat(ascii(8, 12));
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return ascii(0, head.length).includes('webm') ? 'webm' : null;
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 3) === 'ID3' || isMp3Frame(head)) return 'mp3';
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return officeOpenXmlFormat(path);
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundFileFormat(path);
  return (await isUtf8Text(path)) ? 'txt' : null;
}

function startsWith(head: Uint8Array, bytes: number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, i) => head[i] === byte);
}

/** The major brand of an ISO media file: QuickTime, audio-only MPEG-4, or any other MPEG-4 (mp4, M4V, 3GP…). */
function isoMediaFormat(brand: string): AttachmentFormat {
  if (brand === 'qt  ') return 'mov';
  if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
  return 'mp4';
}

/** An MPEG audio layer III frame header (no ID3 tag before it): sync bits, then a layer III of MPEG 1, 2 or 2.5. */
function isMp3Frame(head: Uint8Array): boolean {
  return head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe6) === 0xe2;
}

/** A ZIP that is a Word, Excel or PowerPoint document: its content types part and its main part's folder are named in it. */
async function officeOpenXmlFormat(path: string): Promise<AttachmentFormat | null> {
  const found = await findStrings(path, ['[Content_Types].xml', 'word/document.xml', 'xl/workbook.xml', 'ppt/presentation.xml'], 'latin1');
  if (!found.has('[Content_Types].xml')) return null;
  if (found.has('word/document.xml')) return 'docx';
  if (found.has('xl/workbook.xml')) return 'xlsx';
  if (found.has('ppt/presentation.xml')) return 'pptx';
  return null;
}

/** An OLE2 compound file that is a Word, Excel or PowerPoint document, by its main stream's directory name (UTF-16LE). */
async function compoundFileFormat(path: string): Promise<AttachmentFormat | null> {
  const found = await findStrings(path, ['WordDocument', 'Workbook', 'Book', 'PowerPoint Document'], 'utf16le');
  if (found.has('WordDocument')) return 'doc';
  if (found.has('PowerPoint Document')) return 'ppt';
  if (found.has('Workbook') || found.has('Book')) return 'xls';
  return null;
}

/** Which of `needles` (encoded as `encoding`) occur in the file, read as a stream (chunks overlap by the longest needle). */
async function findStrings(path: string, needles: string[], encoding: BufferEncoding): Promise<Set<string>> {
  const encoded = needles.map((n) => [n, Buffer.from(n, encoding)] as const);
  const overlap = Math.max(...encoded.map(([, b]) => b.length)) - 1;
  const found = new Set<string>();
  let tail = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(path)) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    for (const [name, bytes] of encoded) if (!found.has(name) && window.includes(bytes)) found.add(name);
    if (found.size === needles.length) break;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return found;
}

/** The whole file is UTF-8 (a byte order mark allowed) without NUL bytes. */
async function isUtf8Text(path: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path)) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      decoder.decode(bytes, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}
