import type { ElementContent, Root } from 'hast';

/** A highlighted token tree: text, or a span of highlight.js classes around more tokens. */
export type Token = string | { classes: string[]; children: Token[] };

type Highlighter = (lang: string, code: string) => Token[] | null;

let loading: Promise<Highlighter> | null = null;

/**
 * The highlighter, loaded on first use (lowlight with highlight.js's common languages, a chunk of
 * its own): `highlight(lang, code)` gives the tokens of `code`, or null for a language it does not
 * know. Output is data, never HTML: the renderer turns it into elements.
 */
export function loadHighlighter(): Promise<Highlighter> {
  loading ??= import('lowlight').then(({ createLowlight, common }) => {
    const lowlight = createLowlight(common);
    return (lang: string, code: string) => (lowlight.registered(lang) ? toTokens(lowlight.highlight(lang, code).children) : null);
  });
  return loading;
}

/** hast nodes as tokens: text and the `hljs-*` classes of spans, nothing else. */
export function toTokens(nodes: Root['children'] | ElementContent[]): Token[] {
  const out: Token[] = [];
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value);
    else if (node.type === 'element') {
      const raw = node.properties.className;
      const classes = (Array.isArray(raw) ? raw : []).filter((c): c is string => typeof c === 'string' && c.startsWith('hljs-'));
      out.push({ classes, children: toTokens(node.children) });
    }
  }
  return out;
}
