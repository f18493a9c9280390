import { LIMITS } from '@rally/shared/limits';

/** The status editor's ideas (spec 001 §2, §9: 30 of them): an emoji and the key of a text (presence:custom.suggestion.<key>). */
export const STATUS_SUGGESTIONS = [
  { emoji: '🎮', key: 'gaming' },
  { emoji: '⚔️', key: 'raid' },
  { emoji: '🏆', key: 'ranked' },
  { emoji: '📺', key: 'stream' },
  { emoji: '🎥', key: 'live' },
  { emoji: '🎧', key: 'music' },
  { emoji: '📚', key: 'studying' },
  { emoji: '💻', key: 'working' },
  { emoji: '📅', key: 'meeting' },
  { emoji: '☕', key: 'coffee' },
  { emoji: '🍕', key: 'eating' },
  { emoji: '😴', key: 'sleeping' },
  { emoji: '⏳', key: 'brb' },
  { emoji: '🚶', key: 'out' },
  { emoji: '🚌', key: 'commuting' },
  { emoji: '💪', key: 'gym' },
  { emoji: '🏃', key: 'running' },
  { emoji: '⚽', key: 'football' },
  { emoji: '🍿', key: 'movie' },
  { emoji: '📖', key: 'reading' },
  { emoji: '🧑‍💻', key: 'coding' },
  { emoji: '🎨', key: 'drawing' },
  { emoji: '✈️', key: 'travelling' },
  { emoji: '🏖️', key: 'vacation' },
  { emoji: '🤒', key: 'sick' },
  { emoji: '🔕', key: 'busy' },
  { emoji: '🙋', key: 'lfg' },
  { emoji: '😎', key: 'chill' },
  { emoji: '🎉', key: 'party' },
  { emoji: '🎯', key: 'focus' },
] as const;

export type StatusSuggestion = (typeof STATUS_SUGGESTIONS)[number];

/** The suggestions shown from `start` on: LIMITS.status.suggestionsShown of them, wrapping round the list. */
export function shownSuggestions(start: number): StatusSuggestion[] {
  const n = STATUS_SUGGESTIONS.length;
  return Array.from({ length: LIMITS.status.suggestionsShown }, (_, i) => STATUS_SUGGESTIONS[(((start + i) % n) + n) % n]!); // the index is in 0…n-1
}

/** Where the next rotation starts (the next ones, every LIMITS.status.rotateMs). */
export function nextSuggestionStart(start: number): number {
  return (start + LIMITS.status.suggestionsShown) % STATUS_SUGGESTIONS.length;
}
