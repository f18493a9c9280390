/**
 * The next tip to show: a random index different from the current one (when there is more than
 * one tip). `random` returns a number in [0, 1) like Math.random.
 */
export function nextTipIndex(current: number, count: number, random: () => number = Math.random): number {
  if (count <= 1) return 0;
  const step = 1 + Math.floor(random() * (count - 1));
  return (current + step) % count;
}

export function randomTipIndex(count: number, random: () => number = Math.random): number {
  return count <= 0 ? 0 : Math.floor(random() * count) % count;
}
