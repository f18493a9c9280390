import { EMOJI_UPLOAD_FORMATS } from '@rally/shared/api/emojis';
import type { ErrorCode } from '@rally/shared/i18n/errors';
import { LIMITS } from '@rally/shared/limits';

/** What the browser tells of a chosen file. */
export interface EmojiFileFacts {
  name: string;
  /** The declared type ('' when the browser does not know). */
  type: string;
  size: number;
}

/** The file input's `accept`: the formats by type and extension (001 §6: webp, png, gif). */
export const EMOJI_ACCEPT = EMOJI_UPLOAD_FORMATS.flatMap((f) => [`image/${f}`, `.${f}`]).join(',');

/** Whether a file looks like webp, png or gif by its declared type, or by its extension when the type is unknown (the server checks the content). */
export function isEmojiFormat(file: Pick<EmojiFileFacts, 'name' | 'type'>): boolean {
  const formats: readonly string[] = EMOJI_UPLOAD_FORMATS;
  const type = file.type.toLowerCase();
  if (type !== '') return type.startsWith('image/') && formats.includes(type.slice('image/'.length));
  const extension = /\.([a-z]{1,4})$/i.exec(file.name)?.[1]?.toLowerCase();
  return extension !== undefined && formats.includes(extension);
}

/** Why an upload cannot go: its error code (the errors namespace has the text) and the file it concerns, if one. */
export interface EmojiUploadProblem {
  code: Extract<ErrorCode, 'emoji_files_missing' | 'emoji_files_too_many' | 'emoji_limit' | 'emoji_file_invalid' | 'emoji_file_too_large'>;
  file?: string;
}

/**
 * The client's checks of an upload before it is sent (the server makes the same ones): at least
 * one file and at most LIMITS.emoji.perUpload, room for them beside the team's `current` emoji,
 * each webp, png or gif of at most LIMITS.emoji.fileMaxBytes. The first problem, or null.
 */
export function checkEmojiFiles(files: readonly EmojiFileFacts[], current: number): EmojiUploadProblem | null {
  if (files.length === 0) return { code: 'emoji_files_missing' };
  if (files.length > LIMITS.emoji.perUpload) return { code: 'emoji_files_too_many' };
  if (current + files.length > LIMITS.emoji.perTeam) return { code: 'emoji_limit' };
  const invalid = files.find((f) => !isEmojiFormat(f));
  if (invalid) return { code: 'emoji_file_invalid', file: invalid.name };
  const large = files.find((f) => f.size > LIMITS.emoji.fileMaxBytes);
  if (large) return { code: 'emoji_file_too_large', file: large.name };
  return null;
}
