import type { ReactNode } from 'react';

/**
 * The news content's light markup (seed 000 §2.6): @p … @ep a paragraph,
 * @b … @eb bold. The content is provider text, so it is parsed into React
 * elements — never read as HTML: whatever it carries (<script>, <img
 * onerror>) reaches the page as text. A token that cannot open or close where
 * it stands (a paragraph inside a paragraph, a bold inside a bold, a closing
 * without its opening) stays as text, and so does the opening of an element
 * left unclosed at the end.
 */
export type InlineNode = { kind: 'text'; text: string } | { kind: 'bold'; children: InlineNode[] };
export interface Paragraph {
  kind: 'paragraph';
  children: InlineNode[];
}

type Frame = { kind: 'root' | 'paragraph' | 'bold'; token: string; children: (InlineNode | Paragraph)[] };

const TOKEN = /@(ep|eb|p|b)/g;

function pushText(into: (InlineNode | Paragraph)[], text: string): void {
  if (text === '') return;
  const last = into[into.length - 1];
  if (last?.kind === 'text') last.text += text;
  else into.push({ kind: 'text', text });
}

function append(into: (InlineNode | Paragraph)[], nodes: readonly (InlineNode | Paragraph)[]): void {
  for (const n of nodes) {
    if (n.kind === 'text') pushText(into, n.text);
    else into.push(n);
  }
}

const isBlank = (nodes: readonly InlineNode[]): boolean =>
  nodes.every((n) => (n.kind === 'text' ? n.text.trim() === '' : isBlank(n.children)));

export function lerConteudoNoticia(content: string): Paragraph[] {
  const stack: Frame[] = [{ kind: 'root', token: '', children: [] }];
  const top = () => stack[stack.length - 1] as Frame;
  let at = 0;
  for (const m of content.matchAll(TOKEN)) {
    pushText(top().children, content.slice(at, m.index));
    at = m.index + m[0].length;
    const token = m[0];
    const open = (kind: 'paragraph' | 'bold') => stack.push({ kind, token, children: [] });
    const close = () => {
      const frame = stack.pop() as Frame;
      const node =
        frame.kind === 'bold'
          ? { kind: 'bold' as const, children: frame.children as InlineNode[] }
          : { kind: 'paragraph' as const, children: frame.children as InlineNode[] };
      top().children.push(node);
    };
    if (token === '@p' && top().kind === 'root') open('paragraph');
    else if (token === '@b' && !stack.some((f) => f.kind === 'bold')) open('bold');
    else if (token === '@ep' && top().kind === 'paragraph') close();
    else if (token === '@eb' && top().kind === 'bold') close();
    else pushText(top().children, token);
  }
  pushText(top().children, content.slice(at));
  // Unclosed at the end: the opening token is text again and its content joins the parent.
  while (stack.length > 1) {
    const frame = stack.pop() as Frame;
    pushText(top().children, frame.token);
    append(top().children, frame.children);
  }
  // Loose inline content between paragraphs forms paragraphs of its own.
  const out: Paragraph[] = [];
  let loose: InlineNode[] = [];
  const flush = () => {
    if (!isBlank(loose)) out.push({ kind: 'paragraph', children: loose });
    loose = [];
  };
  for (const n of (stack[0] as Frame).children) {
    if (n.kind === 'paragraph') {
      flush();
      if (!isBlank(n.children)) out.push(n);
    } else {
      loose.push(n);
    }
  }
  flush();
  return out;
}

function renderInline(nodes: readonly InlineNode[]): ReactNode[] {
  return nodes.map((n, i) => (n.kind === 'text' ? n.text : <strong key={i}>{renderInline(n.children)}</strong>));
}

/** The content as paragraphs of text and bold: React escapes every character of it. */
export function ConteudoNoticia({ content }: { content: string }) {
  const paragraphs = lerConteudoNoticia(content);
  return (
    <div className="noticia-conteudo">
      {paragraphs.map((p, i) => (
        <p key={i}>{renderInline(p.children)}</p>
      ))}
    </div>
  );
}
