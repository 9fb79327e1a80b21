import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConteudoNoticia, lerConteudoNoticia, type InlineNode, type Paragraph } from './conteudo-noticia';

/** A compact picture of the tree: paragraphs as arrays, bold as {b: [...]}. */
const shape = (ps: Paragraph[]) => ps.map((p) => p.children.map(inline));
const inline = (n: InlineNode): unknown => (n.kind === 'text' ? n.text : { b: n.children.map(inline) });

describe('news markup (seed 000 §2.6: @p/@ep paragraph, @b/@eb bold)', () => {
  it('reads paragraphs and bold', () => {
    expect(shape(lerConteudoNoticia('@pUm @bdois@eb três.@ep@pQuatro.@ep'))).toEqual([
      ['Um ', { b: ['dois'] }, ' três.'],
      ['Quatro.'],
    ]);
  });

  it('makes loose text and bold outside @p its own paragraphs; blank ones disappear', () => {
    expect(shape(lerConteudoNoticia('Antes @bnegrito@eb @pDentro@ep  \n Depois'))).toEqual([
      ['Antes ', { b: ['negrito'] }, ' '],
      ['Dentro'],
      ['  \n Depois'],
    ]);
    expect(shape(lerConteudoNoticia('@p  @ep'))).toEqual([]);
    expect(shape(lerConteudoNoticia(''))).toEqual([]);
  });

  it.each([
    ['unclosed paragraph', '@pSem fim', [['@pSem fim']]],
    ['unclosed bold', '@pUm @bdois@ep', [['@pUm @bdois@ep']]],
    ['closing without opening', 'Texto@eb fim@ep', [['Texto@eb fim@ep']]],
    ['paragraph inside paragraph', '@pA @pB@ep', [['A @pB']]],
    ['bold inside bold', '@bA @bB@eb@eb', [[{ b: ['A @bB'] }, '@eb']]],
    ['paragraph inside bold', '@bA @pB@ep@eb', [[{ b: ['A @pB@ep'] }]]],
    ['crossed tokens', '@p@bA@ep@eb', [['@p', { b: ['A@ep'] }]]],
    ['an e-mail that looks like a token', 'Escreva para ana@bol.com.br', [['Escreva para ana@bol.com.br']]],
  ])('%s degrades to text', (_name, content, expected) => {
    expect(shape(lerConteudoNoticia(content))).toEqual(expected);
  });

  it('never renders the content as HTML: hostile markup reaches the page as text', () => {
    const hostile =
      '@p<script>window.__pwned = true</script>@ep' +
      '@p@b<img src=x onerror="window.__pwned = true">@eb@ep' +
      '@p<a href="javascript:alert(1)">clique</a> &amp; <b>falso negrito</b>@ep' +
      '@p@b<iframe src="https://exemplo.invalid"></iframe>';
    const { container } = render(<ConteudoNoticia content={hostile} />);
    expect(container.querySelectorAll('script, img, a, iframe, b')).toHaveLength(0);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(container.textContent).toContain('<script>window.__pwned = true</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.__pwned = true">');
    expect(container.textContent).toContain('&amp; <b>falso negrito</b>');
    // The last paragraph never closed: its tokens are text.
    expect(container.textContent).toContain('@p@b<iframe');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('renders paragraphs as <p> and bold as <strong>', () => {
    const { container } = render(<ConteudoNoticia content="@pOlá, @bequipe@eb!@ep@pSegundo.@ep" />);
    const ps = container.querySelectorAll('p');
    expect([...ps].map((p) => p.innerHTML)).toEqual(['Olá, <strong>equipe</strong>!', 'Segundo.']);
  });
});
