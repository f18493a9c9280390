import { TYPING } from '@rally/shared/gateway/typing';

/** What the indicator says, as an i18n key of the chat-live namespace and its values (spec 001 §9: up to 5 names, then 'N users are typing...'). */
export function typingText(names: readonly string[]): { key: string; values: Record<string, string | number> } | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return { key: 'typing.one', values: { name: first } };
  if (names.length === 2) return { key: 'typing.two', values: { first, second } };
  if (names.length <= TYPING.maxNames) return { key: 'typing.several', values: { names: names.slice(0, -1).join(', '), last: names.at(-1)! } }; // length > 2
  return { key: 'typing.many', values: { count: names.length } };
}
