import type { Attachment, AttachmentType } from '@rally/shared/api/attachments';
import { checkFiles, guessAttachmentType, type AttachSource, type Rejection } from './checks';

export type PendingStatus = 'uploading' | 'done' | 'failed';

/** A file attached to the message being written: uploading (with its progress), uploaded (its attachment), or failed (the server's message). */
export interface PendingAttachment {
  key: string;
  file: File;
  source: AttachSource;
  /** What it will most likely show as (the server decides by its content). */
  type: AttachmentType;
  /** An object URL of the file for an image's thumbnail (revoked when it leaves), else null. */
  previewUrl: string | null;
  status: PendingStatus;
  /** 0 … 1 while uploading. */
  progress: number;
  attachment: Attachment | null;
  error: string | null;
}

type VideoSize = { width: number; height: number } | null;

export interface DraftDeps {
  /** Upload one file; resolves with its attachment, rejects with an AbortError when `signal` aborts. */
  upload(file: File, size: VideoSize, init: { signal: AbortSignal; onProgress: (fraction: number) => void }): Promise<Attachment>;
  /** A video's size as the browser reads it (null when it cannot). */
  videoSize(file: File): Promise<VideoSize>;
  createUrl(file: File): string;
  revokeUrl(url: string): void;
  /** The text of an upload's failure (the server's message). */
  errorMessage(err: unknown): string;
  /** An upload failed (after its row shows it). */
  failed?(item: PendingAttachment): void;
}

const NONE: readonly PendingAttachment[] = [];

/**
 * The attachments of the message being written (one per composer). Files are checked, then each
 * uploads at once, several together; the list is immutable (a new array on every change) so that
 * React reads it with useSyncExternalStore. Removing a file aborts its upload; `take` hands the
 * uploaded attachments to a send and starts over; `dispose` aborts everything (the chat closed).
 */
export class AttachmentDraft {
  private list: readonly PendingAttachment[] = NONE;
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private next = 1;

  constructor(private deps: DraftDeps) {}

  /** Work with these from now on (the latest render's). */
  attach(deps: DraftDeps): void {
    this.deps = deps;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getItems = (): readonly PendingAttachment[] => this.list;

  /** Check the files and start uploading those accepted; answers the refused ones with why. */
  add(files: readonly File[], source: AttachSource, limitBytes: number): { file: File; reason: Rejection }[] {
    const { accepted, rejected } = checkFiles(files, { count: this.list.length, limitBytes, source });
    if (accepted.length === 0) return rejected;
    const added = accepted.map((file): PendingAttachment => {
      const type = guessAttachmentType(file);
      return {
        key: `attachment-${this.next++}`,
        file,
        source,
        type,
        previewUrl: type === 'image' ? this.deps.createUrl(file) : null,
        status: 'uploading',
        progress: 0,
        attachment: null,
        error: null,
      };
    });
    this.set([...this.list, ...added]);
    for (const item of added) void this.upload(item.key);
    return rejected;
  }

  /** Take a file off the message (aborting its upload). */
  remove(key: string): void {
    const item = this.list.find((i) => i.key === key);
    if (!item) return;
    this.release(item);
    this.set(this.list.filter((i) => i.key !== key));
  }

  /** Upload a failed file again. */
  retry(key: string): void {
    const item = this.list.find((i) => i.key === key);
    if (item?.status !== 'failed') return;
    this.update(key, { status: 'uploading', progress: 0, error: null });
    void this.upload(key);
  }

  /** The uploaded attachments, in the order added, for a send; the list starts over. */
  take(): Attachment[] {
    const taken = this.list.flatMap((i) => (i.attachment ? [i.attachment] : []));
    this.clear();
    return taken;
  }

  /** Abort every upload and let go of every file. */
  clear(): void {
    for (const item of this.list) this.release(item);
    this.set(NONE);
  }

  private release(item: PendingAttachment): void {
    this.controllers.get(item.key)?.abort();
    this.controllers.delete(item.key);
    if (item.previewUrl) this.deps.revokeUrl(item.previewUrl);
  }

  private set(list: readonly PendingAttachment[]): void {
    this.list = list;
    for (const listener of this.listeners) listener();
  }

  private update(key: string, patch: Partial<PendingAttachment>): void {
    if (!this.list.some((i) => i.key === key)) return;
    this.set(this.list.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }

  private async upload(key: string): Promise<void> {
    const item = this.list.find((i) => i.key === key);
    if (!item) return;
    const controller = new AbortController();
    this.controllers.set(key, controller);
    const { signal } = controller;
    try {
      const size = item.type === 'video' ? await this.deps.videoSize(item.file) : null;
      if (signal.aborted) return;
      const attachment = await this.deps.upload(item.file, size, {
        signal,
        onProgress: (fraction) => {
          if (!signal.aborted) this.update(key, { progress: fraction });
        },
      });
      if (!signal.aborted) this.update(key, { status: 'done', progress: 1, attachment });
    } catch (err) {
      if (signal.aborted) return;
      this.update(key, { status: 'failed', error: this.deps.errorMessage(err) });
      const failed = this.list.find((i) => i.key === key);
      if (failed) this.deps.failed?.(failed);
    } finally {
      if (this.controllers.get(key) === controller) this.controllers.delete(key);
    }
  }
}

/** What the composer needs to know of the list: whether anything still uploads or failed, and what is ready. */
export function draftState(items: readonly PendingAttachment[]): { uploading: boolean; failed: boolean; ready: number } {
  return {
    uploading: items.some((i) => i.status === 'uploading'),
    failed: items.some((i) => i.status === 'failed'),
    ready: items.filter((i) => i.status === 'done').length,
  };
}
