import type { Locale } from './errors';

/**
 * The texts of the system account's direct messages (apps/server/src/modules/dms/system.ts), in the
 * recipient's language at the time they are sent: a message is stored as text, like any other, and
 * rendered with the message format (docs/message-format.md).
 */
const texts = {
  en: {
    welcome:
      "**Welcome to Rally, {{username}}!**\nCreate a team with the **+** button on the left, or join one with an invite link from a friend. Add friends from **Friends** to message them here. Your handle is **@{{slug}}**: friends add you with it.\nThis is Rally's system chat: we write here when something happens to your account, and nobody can reply.",
    kicked: 'You were removed from the team **{{team}}**.',
    banned: 'You were banned from the team **{{team}}**.',
    bannedWithReason: 'You were banned from the team **{{team}}**. Reason: {{reason}}',
  },
  tr: {
    welcome:
      "**Rally'ye hoş geldin, {{username}}!**\nSoldaki **+** düğmesiyle bir takım kur ya da bir arkadaşının davet bağlantısıyla bir takıma katıl. **Arkadaşlar** bölümünden arkadaş ekleyip onlara buradan mesaj gönderebilirsin. Kısa adın **@{{slug}}**: arkadaşların seni bununla ekler.\nBu, Rally'nin sistem sohbetidir: hesabınla ilgili bir şey olduğunda buraya yazarız; yanıt verilemez.",
    kicked: '**{{team}}** takımından çıkarıldın.',
    banned: '**{{team}}** takımından yasaklandın.',
    bannedWithReason: '**{{team}}** takımından yasaklandın. Sebep: {{reason}}',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SystemMessageKind = keyof (typeof texts)['en'];

/** A system message's text in `locale`, its placeholders filled (values are inserted as they are: escape markup first). */
export function systemMessageText(kind: SystemMessageKind, locale: Locale, vars: Record<string, string> = {}): string {
  return texts[locale][kind].replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');
}
