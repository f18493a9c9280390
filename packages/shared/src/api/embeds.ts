import { z } from 'zod';
import { parseHttpUrl } from '../markdown/links';
import { text } from './text';

/**
 * Rich embeds (spec 001 §3 Embed), as webhooks and bots will send them: bounds as Discord's
 * (docs/message-format.md). Text is text (the description is formatted like a message); links are
 * http(s) URLs; images only https URLs, shown through the image proxy.
 */
export const EMBED_LIMITS = {
  perMessage: 10,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  /** All the text of all of a message's embeds together. */
  total: 6000,
  url: 2048,
} as const;

/** An http(s) URL (a link: title, author). */
const linkUrl = text({ max: EMBED_LIMITS.url }).refine((v) => parseHttpUrl(v) !== null, 'invalid_request');
/** An https URL (an image, fetched through the proxy). */
const imageUrl = text({ max: EMBED_LIMITS.url }).refine((v) => parseHttpUrl(v)?.protocol === 'https:', 'invalid_request');

export const embedFieldSchema = z.object({
  name: text({ max: EMBED_LIMITS.fieldName }).min(1, 'invalid_request'),
  value: text({ max: EMBED_LIMITS.fieldValue, multiline: true }).min(1, 'invalid_request'),
  inline: z.boolean().optional(),
});

const embedObjectSchema = z.object({
  /** The bar's colour, 0xRRGGBB. */
  color: z.number().int().min(0).max(0xffffff).optional(),
  author: z.object({ name: text({ max: EMBED_LIMITS.author }).min(1, 'invalid_request'), icon_url: imageUrl.optional(), url: linkUrl.optional() }).optional(),
  title: text({ max: EMBED_LIMITS.title }).optional(),
  url: linkUrl.optional(),
  description: text({ max: EMBED_LIMITS.description, multiline: true }).optional(),
  fields: z.array(embedFieldSchema).max(EMBED_LIMITS.fields).optional(),
  image: z.object({ url: imageUrl }).optional(),
  thumbnail: z.object({ url: imageUrl }).optional(),
  footer: z.object({ text: text({ max: EMBED_LIMITS.footer }).min(1, 'invalid_request'), icon_url: imageUrl.optional() }).optional(),
  /** ISO 8601 date shown in the footer. */
  timestamp: z.iso.datetime({ offset: true }).optional(),
});
export type Embed = z.infer<typeof embedObjectSchema>;

/** One embed: something to show (some text, an image or a thumbnail). */
export const embedSchema = embedObjectSchema.refine((e) => embedTextLength(e) > 0 || e.image !== undefined || e.thumbnail !== undefined, 'invalid_request');

/** The characters of an embed's text (title, description, field names and values, footer, author). */
export function embedTextLength(e: Pick<Embed, 'title' | 'description' | 'fields' | 'footer' | 'author'>): number {
  const fields = (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  return (e.title?.length ?? 0) + (e.description?.length ?? 0) + fields + (e.footer?.text.length ?? 0) + (e.author?.name.length ?? 0);
}

/** A message's embeds: at most EMBED_LIMITS.perMessage, EMBED_LIMITS.total characters of text together. */
export const embedsSchema = z
  .array(embedSchema)
  .max(EMBED_LIMITS.perMessage)
  .refine((list) => list.reduce((n, e) => n + embedTextLength(e), 0) <= EMBED_LIMITS.total, 'invalid_request');
