/** Names the composer can turn into mention syntax (the open team's members, roles and channels). */
export interface MentionNames {
  users: readonly { id: string; username: string }[];
  roles: readonly { id: string; name: string }[];
  channels: readonly { id: string; name: string }[];
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_-]/u.test(c);

/** The longest of `names` written at `i` of `text` (case-insensitive), ending at a word boundary. */
function longestAt<T>(text: string, i: number, names: readonly T[], nameOf: (t: T) => string): T | null {
  let best: T | null = null;
  let bestLength = 0;
  for (const candidate of names) {
    const name = nameOf(candidate);
    if (name.length <= bestLength || name.length === 0) continue;
    if (text.slice(i, i + name.length).toLowerCase() === name.toLowerCase() && !isWordChar(text[i + name.length])) {
      best = candidate;
      bestLength = name.length;
    }
  }
  return best;
}

/**
 * What the composer sends for what the user typed: `@username` becomes `<@id>`, `@Role Name`
 * `<@&id>`, `#channel` `<#id>` (the wire syntax, docs/message-format.md), when the name is one of
 * the team's; longest name first, a user before a role of the same name. Code (between backticks)
 * is left as written, as are @everyone and @here.
 */
export function encodeMentions(text: string, names: MentionNames): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '`') {
      let n = 0;
      while (text[i + n] === '`') n++;
      const fence = '`'.repeat(n);
      const close = text.indexOf(fence, i + n);
      const end = close === -1 ? i + n : close + n;
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if ((c === '@' || c === '#') && !isWordChar(text[i - 1]) && text[i - 1] !== '<') {
      const at = i + 1;
      if (c === '@') {
        const user = longestAt(text, at, names.users, (u) => u.username);
        const role = longestAt(text, at, names.roles, (r) => r.name);
        if (user && (!role || user.username.length >= role.name.length)) {
          out += `<@${user.id}>`;
          i = at + user.username.length;
          continue;
        }
        if (role && !['everyone', 'here'].includes(role.name.toLowerCase())) {
          out += `<@&${role.id}>`;
          i = at + role.name.length;
          continue;
        }
      } else {
        const channel = longestAt(text, at, names.channels, (ch) => ch.name);
        if (channel) {
          out += `<#${channel.id}>`;
          i = at + channel.name.length;
          continue;
        }
      }
    }
    out += c;
    i++;
  }
  return out;
}
