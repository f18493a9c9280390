import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './Legal.module.css';
import { parseLegalMarkdown, type LegalInline } from './legal-markdown';

function Inline({ nodes }: { nodes: LegalInline[] }): ReactNode {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return (
          <strong key={i}>
            <Inline nodes={node.children} />
          </strong>
        );
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={i} to={node.href}>
            <Inline nodes={node.children} />
          </Link>
        ) : (
          <a key={i} href={node.href} target={node.href.startsWith('mailto:') ? undefined : '_blank'} rel="noreferrer">
            <Inline nodes={node.children} />
          </a>
        );
    }
  });
}

const HEADINGS = { 1: 'h1', 2: 'h2', 3: 'h3' } as const;

/** A legal page's markdown (legal-markdown.ts) as elements: headings, paragraphs, lists, tables, links. */
export function LegalMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className={styles.prose}>
      {parseLegalMarkdown(markdown).map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const Tag = HEADINGS[block.level];
            return (
              <Tag key={i} className={block.level === 1 ? styles.title : undefined}>
                <Inline nodes={block.children} />
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={i}>
                {block.lines.map((line, j) => (
                  <Fragment key={j}>
                    {j > 0 && <br />}
                    <Inline nodes={line} />
                  </Fragment>
                ))}
              </p>
            );
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inline nodes={item} />
                  </li>
                ))}
              </Tag>
            );
          }
          case 'table':
            return (
              <div key={i} className={styles.tableWrap}>
                <table>
                  <thead>
                    <tr>
                      {block.head.map((cell, j) => (
                        <th key={j} scope="col">
                          <Inline nodes={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, j) => (
                      <tr key={j}>
                        {row.map((cell, k) => (
                          <td key={k}>
                            <Inline nodes={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
