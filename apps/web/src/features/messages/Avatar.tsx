import styles from './Avatar.module.css';
import { Picture } from '../../components/ui/Picture';

const HUES = [262, 200, 170, 140, 30, 350, 320, 10, 220, 45];

function hueOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return HUES[h % HUES.length]!; // the remainder is an index of HUES
}

/**
 * A user's avatar: their picture when they have one (and it loads), else the first letter on a colour derived from
 * the id. A Plus member's is square with rounded corners rather than round (000 §6).
 */
export function Avatar({ id, name, size = 40, src, premium = false }: { id: string; name: string; size?: number; src?: string | null; premium?: boolean }) {
  const className = `${styles.avatar}${premium ? ` ${styles.premium}` : ''}`;
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const initial = (
    <span className={className} style={{ width: size, height: size, fontSize: size * 0.42, background: `hsl(${hueOf(id)} 55% 42%)` }} aria-hidden="true">
      {letter}
    </span>
  );
  return <Picture src={src} alt="" className={className} style={{ width: size, height: size }} draggable={false} fallback={initial} />;
}
