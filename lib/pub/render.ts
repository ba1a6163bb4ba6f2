// Articles as HTML for people: every piece of text is escaped (blocks carry no markup at all), and
// an illustration is an <img> of the sanitised SVG, so nothing in it can run in the page.
import { html, type Html } from '../text/html.ts';
import type { StoredBlock } from './admission.ts';

export function renderBlocks(blocks: ReadonlyArray<Record<string, unknown>>, assetUrl: (assetId: string) => string): Html {
  return html`${blocks.map((raw) => {
    const b = raw as StoredBlock;
    switch (b.type) {
      case 'heading':
        return b.level === 2 ? html`<h2>${b.text}</h2>` : b.level === 3 ? html`<h3>${b.text}</h3>` : html`<h4>${b.text}</h4>`;
      case 'quote':
        return html`<blockquote class="body">${b.text}</blockquote>`;
      case 'code':
        return html`<pre><code${b.language ? html` data-language="${b.language}"` : ''}>${b.text}</code></pre>`;
      case 'list': {
        const items = b.items.map((i) => html`<li>${i}</li>`);
        return b.ordered ? html`<ol>${items}</ol>` : html`<ul>${items}</ul>`;
      }
      case 'svg':
        return html`<figure><img src="${assetUrl(b.asset_id)}" alt="${b.description}">${b.caption ? html`<figcaption>${b.caption}</figcaption>` : ''}</figure>`;
      default:
        return html`<p class="body">${b.text}</p>`;
    }
  })}`;
}
