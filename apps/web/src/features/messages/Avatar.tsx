import styles from './Avatar.module.css';

const HUES = [262, 200, 170, 140, 30, 350, 320, 10, 220, 45];

function hueOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return HUES[h % HUES.length]!; // the remainder is an index of HUES
}

/** A user's avatar: the first letter on a colour derived from the id (pictures come with uploads). */
export function Avatar({ id, name, size = 40 }: { id: string; name: string; size?: number }) {
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.42, background: `hsl(${hueOf(id)} 55% 42%)` }} aria-hidden="true">
      {letter}
    </span>
  );
}
