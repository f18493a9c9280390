/**
 * The role colour presets (spec 001 §5: 16 solid colours and 16 gradients). Solid ones are bright
 * enough to read as a name on the dark surfaces; each gradient is a colour and a second colour.
 */
export const SOLID_PRESETS: readonly string[] = [
  '#ffffff',
  '#99aab5',
  '#ff5c5c',
  '#ff8a3d',
  '#ffb547',
  '#f5d90a',
  '#a3e635',
  '#3ddc97',
  '#22d3c5',
  '#38bdf8',
  '#5b8cff',
  '#8b7bff',
  '#c084fc',
  '#f472b6',
  '#ff4d8d',
  '#d4a373',
];

export const GRADIENT_PRESETS: readonly (readonly [string, string])[] = [
  ['#ff5c5c', '#ffb547'],
  ['#ff4d8d', '#8b7bff'],
  ['#8b7bff', '#38bdf8'],
  ['#22d3c5', '#3ddc97'],
  ['#38bdf8', '#22d3c5'],
  ['#f5d90a', '#ff8a3d'],
  ['#a3e635', '#22d3c5'],
  ['#c084fc', '#f472b6'],
  ['#ff8a3d', '#ff4d8d'],
  ['#5b8cff', '#c084fc'],
  ['#3ddc97', '#f5d90a'],
  ['#ffffff', '#99aab5'],
  ['#f472b6', '#ffb547'],
  ['#38bdf8', '#8b7bff'],
  ['#ff5c5c', '#c084fc'],
  ['#d4a373', '#ffb547'],
];

/** The second colour a role gets when its colour mode is switched to gradient (spec 001 §2). */
export function defaultSecondColor(color: string): string {
  const preset = GRADIENT_PRESETS.find(([first]) => first === color.toLowerCase());
  return preset ? preset[1] : color.toLowerCase() === '#8b7bff' ? '#38bdf8' : '#8b7bff';
}

/** CSS for a role's name colour: a solid colour, or the gradient clipped to the text. */
export function roleTextStyle(color: string, color2: string | null): { color: string; backgroundImage?: string } {
  return color2 ? { color, backgroundImage: `linear-gradient(90deg, ${color}, ${color2})` } : { color };
}

/** CSS background for a swatch or dot. */
export function swatchBackground(color: string, color2: string | null): string {
  return color2 ? `linear-gradient(135deg, ${color}, ${color2})` : color;
}
