import type { BlockNode, InlineNode, ListBlock } from './ast';

/**
 * Calls `visit` on every inline node of `blocks`, in text order, outside code blocks (quotes and
 * list items included); it descends into a node's children when `visit` answers true.
 */
export function visitInline(blocks: readonly BlockNode[], visit: (node: InlineNode) => boolean): void {
  const inline = (nodes: readonly InlineNode[]) => {
    for (const n of nodes) if (visit(n) && 'children' in n) inline(n.children);
  };
  const list = (l: ListBlock) => {
    for (const item of l.items) {
      inline(item.children);
      if (item.sublist) list(item.sublist);
    }
  };
  const block = (nodes: readonly BlockNode[]) => {
    for (const b of nodes) {
      if (b.type === 'list') list(b);
      else if (b.type === 'quote') block(b.children);
      else if (b.type !== 'codeBlock') inline(b.children);
    }
  };
  block(blocks);
}
