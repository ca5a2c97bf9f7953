import { escapeHtml, html } from './html';

describe('html', () => {
  it('escapes every interpolated value', () => {
    const hostile = `<script>alert("x")</script>' OR 1=1; --`;
    expect(html`<td title="${hostile}">${hostile}</td>`.text).toBe(
      '<td title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; OR 1=1; --">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; OR 1=1; --</td>',
    );
  });

  it('nests markup made by html without escaping it twice, and escapes arrays item by item', () => {
    const items = ['<a>', 'b&c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>`.text).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>');
  });

  it('leaves out null, undefined and false, and prints numbers', () => {
    expect(html`${null}${undefined}${false}${0}${12}`.text).toBe('012');
  });

  it('escapes backticks and ampersands', () => {
    expect(escapeHtml('`&')).toBe('&#96;&amp;');
  });
});
