import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeImage } from '../../../test/helpers/images';
import { attachmentName } from './service';
import { sniffAttachment } from './sniff';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rally-sniff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function sniff(bytes: Uint8Array): Promise<string | null> {
  const file = path.join(dir, `f${n++}`);
  writeFileSync(file, bytes);
  return sniffAttachment(file);
}

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.isBuffer(p) ? p : Buffer.from(p))));
/** An ISO media file's first box: size, 'ftyp', the major brand. */
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'isomiso2', Buffer.alloc(64));
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A big file whose telling name comes after the first read chunk (64 KiB), across a chunk boundary. */
const padded = (head: Buffer, name: Buffer) => Buffer.concat([head, Buffer.alloc(65_536 - head.length - 3, 0x20), name, Buffer.alloc(100)]);

describe('sniffAttachment (the format by content)', () => {
  it('tells images, video and audio by their first bytes', async () => {
    expect(await sniff(await makeImage('png'))).toBe('png');
    expect(await sniff(await makeImage('jpeg'))).toBe('jpeg');
    expect(await sniff(await makeImage('gif'))).toBe('gif');
    expect(await sniff(await makeImage('webp'))).toBe('webp');
    expect(await sniff(ftyp('isom'))).toBe('mp4');
    expect(await sniff(ftyp('qt  '))).toBe('mov');
    expect(await sniff(ftyp('M4A '))).toBe('m4a');
    expect(await sniff(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', Buffer.alloc(40)))).toBe('webm');
    expect(await sniff(bytes('OggS', Buffer.alloc(40)))).toBe('ogg');
    expect(await sniff(bytes('fLaC', Buffer.alloc(40)))).toBe('flac');
    expect(await sniff(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ', Buffer.alloc(40)))).toBe('wav');
    expect(await sniff(bytes('ID3', [4, 0, 0], Buffer.alloc(40)))).toBe('mp3');
    expect(await sniff(bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(40)))).toBe('mp3');
    expect(await sniff(bytes('%PDF-1.7\n', Buffer.alloc(40)))).toBe('pdf');
  });

  it('refuses Matroska that is not WebM', async () => {
    expect(await sniff(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], 'matroska', Buffer.alloc(40)))).toBeNull();
  });

  it('accepts a ZIP only as an Office document (docx, xlsx, pptx), found past the first chunk', async () => {
    const zip = bytes('PK', [3, 4], Buffer.alloc(26), '[Content_Types].xml');
    expect(await sniff(padded(zip, Buffer.from('word/document.xml')))).toBe('docx');
    expect(await sniff(bytes(zip, 'xl/workbook.xml'))).toBe('xlsx');
    expect(await sniff(bytes(zip, 'ppt/presentation.xml'))).toBe('pptx');
    expect(await sniff(bytes('PK', [3, 4], Buffer.alloc(26), 'payload.exe'))).toBeNull();
    expect(await sniff(bytes('PK', [3, 4], Buffer.alloc(26), 'word/document.xml'))).toBeNull();
  });

  it('accepts an OLE2 compound file only as Word, Excel or PowerPoint (not an installer)', async () => {
    const ole = bytes(OLE2, Buffer.alloc(504));
    expect(await sniff(padded(ole, Buffer.from('WordDocument', 'utf16le')))).toBe('doc');
    expect(await sniff(bytes(ole, Buffer.from('Workbook', 'utf16le')))).toBe('xls');
    expect(await sniff(bytes(ole, Buffer.from('PowerPoint Document', 'utf16le')))).toBe('ppt');
    expect(await sniff(bytes(ole, Buffer.from('SummaryInformation', 'utf16le')))).toBeNull();
  });

  it('takes UTF-8 text as txt, and refuses binaries and other encodings', async () => {
    expect(await sniff(Buffer.from('Merhaba dünya — şğüöçı\nsecond line\n'))).toBe('txt');
    expect(await sniff(bytes([0xef, 0xbb, 0xbf], 'with a byte order mark'))).toBe('txt');
    expect(await sniff(bytes('MZ', [0x90, 0, 3, 0, 0, 0], 'This program cannot be run in DOS mode'))).toBeNull();
    expect(await sniff(bytes([0x7f], 'ELF', [2, 1, 1, 0]))).toBeNull();
    expect(await sniff(bytes('caf', [0xe9], ' latin-1'))).toBeNull();
    expect(await sniff(bytes('text', [0], 'with a NUL'))).toBeNull();
  });
});

describe('attachmentName', () => {
  it('keeps a name that ends in its format', () => {
    expect(attachmentName('holiday photo.JPG', 'jpeg')).toBe('holiday photo.JPG');
    expect(attachmentName('a.jpeg', 'jpeg')).toBe('a.jpeg');
    expect(attachmentName('notes.txt', 'txt')).toBe('notes.txt');
  });

  it('adds the real extension to a name that says something else, so that a download opens as what it is', () => {
    expect(attachmentName('page.html', 'txt')).toBe('page.html.txt');
    expect(attachmentName('invoice.pdf.exe', 'pdf')).toBe('invoice.pdf.exe.pdf');
    expect(attachmentName('README', 'txt')).toBe('README.txt');
  });

  it('drops folders, control and bidirectional characters, and names a nameless file', () => {
    expect(attachmentName('C:\\Users\\me\\secret.pdf', 'pdf')).toBe('secret.pdf');
    expect(attachmentName('../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
    expect(attachmentName('evil\u202Egnp.txt', 'txt')).toBe('evilgnp.txt');
    expect(attachmentName('a\u0000b\nc.txt', 'txt')).toBe('abc.txt');
    expect(attachmentName('', 'png')).toBe('file.png');
    expect(attachmentName(undefined, 'mp4')).toBe('file.mp4');
  });

  it('cuts a long name to 255 characters, keeping the extension', () => {
    const name = attachmentName(`${'x'.repeat(300)}.pdf`, 'pdf');
    expect(name).toHaveLength(255);
    expect(name.endsWith('x.pdf')).toBe(true);
  });
});
