import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  /** The picture's URL; none (null, undefined, empty) shows the fallback. */
  src: string | null | undefined;
  alt: string;
  /** What stands in for the picture: the user's or team's initial. */
  fallback: ReactNode;
};

/**
 * A profile picture (a user's avatar, a team's icon): the image, or the fallback when there is none
 * or it fails to load (a deleted upload, a 404), never the browser's broken-image icon. Another URL
 * is tried afresh.
 */
export function Picture({ src, alt, fallback, ...img }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || src === failed) return <>{fallback}</>;
  return <img src={src} alt={alt} {...img} onError={() => setFailed(src)} />;
}
