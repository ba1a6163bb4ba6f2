// Hostile SVG: each input is refused or made inert. Whatever passes is re-parsed and checked for
// anything that could run or reach outside the illustration.
import test from 'ava';
import { JSDOM } from 'jsdom';
import { sanitizeSvg, SVG_LIMITS } from '../../../lib/pub/svg.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const XL = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

const HOSTILE: Array<[string, string]> = [
  ['script element', `<svg ${NS}><script>alert(1)</script></svg>`],
  ['script with xlink href', `<svg ${NS} ${XL}><script xlink:href="https://evil.example/x.js"/></svg>`],
  ['CDATA script', `<svg ${NS}><script><![CDATA[alert(1)]]></script></svg>`],
  ['onload on root', `<svg ${NS} onload="alert(1)"/>`],
  ['onclick on rect', `<svg ${NS}><rect onclick="alert(1)" width="5" height="5"/></svg>`],
  ['onmouseover', `<svg ${NS}><circle r="3" onmouseover="alert(1)"/></svg>`],
  ['onbegin on animate', `<svg ${NS}><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>`],
  ['ONLOAD uppercase', `<svg ${NS} ONLOAD="alert(1)"/>`],
  ['javascript: href on a', `<svg ${NS}><a href="javascript:alert(1)"><text>x</text></a></svg>`],
  ['javascript: xlink href on a', `<svg ${NS} ${XL}><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`],
  ['entity-encoded javascript:', `<svg ${NS}><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>`],
  [
    'foreignObject with html',
    `<svg ${NS}><foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject></svg>`,
  ],
  ['foreignObject iframe', `<svg ${NS}><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>`],
  ['external use', `<svg ${NS}><use href="https://evil.example/sprite.svg#a"/></svg>`],
  ['external use xlink', `<svg ${NS} ${XL}><use xlink:href="https://evil.example/sprite.svg#a"/></svg>`],
  ['data: use', `<svg ${NS}><use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/></svg>`],
  ['external image', `<svg ${NS}><image href="https://evil.example/track.png" width="1" height="1"/></svg>`],
  ['data: image', `<svg ${NS}><image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/></svg>`],
  ['feImage external', `<svg ${NS}><filter id="f"><feImage href="https://evil.example/x.png"/></filter></svg>`],
  ['CSS url() in fill', `<svg ${NS}><rect fill="url(https://evil.example/x)" width="5" height="5"/></svg>`],
  ['CSS url() in filter', `<svg ${NS}><rect filter="url(https://evil.example/f.svg#f)" width="5" height="5"/></svg>`],
  ['CSS url() in mask', `<svg ${NS}><rect mask="url('//evil.example/m')" width="5" height="5"/></svg>`],
  ['style attribute url()', `<svg ${NS}><rect style="fill:url(https://evil.example/x)" width="5" height="5"/></svg>`],
  ['style element import', `<svg ${NS}><style>@import url(https://evil.example/x.css);</style></svg>`],
  ['style element expression', `<svg ${NS}><style>rect{background:url(javascript:alert(1))}</style></svg>`],
  [
    'entity expansion (billion laughs)',
    `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><svg ${NS}><text>&lol2;</text></svg>`,
  ],
  ['external entity', `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&xxe;</text></svg>`],
  ['xml-stylesheet PI', `<?xml-stylesheet href="https://evil.example/x.xsl" type="text/xsl"?><svg ${NS}/>`],
  ['huge path', `<svg ${NS}><path d="M0 0${' L1 1'.repeat(5000)}"/></svg>`],
  ['huge polyline', `<svg ${NS}><polyline points="${'1,1 '.repeat(6000)}"/></svg>`],
  ['too many elements', `<svg ${NS}>${'<rect/>'.repeat(SVG_LIMITS.maxElements + 1)}</svg>`],
  ['too deep nesting', `<svg ${NS}>${'<g>'.repeat(SVG_LIMITS.maxDepth + 1)}${'</g>'.repeat(SVG_LIMITS.maxDepth + 1)}</svg>`],
  ['too many bytes', `<svg ${NS}><desc>${'a'.repeat(SVG_LIMITS.maxBytes)}</desc></svg>`],
  ['set to javascript href', `<svg ${NS}><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`],
  ['animate href', `<svg ${NS}><a href="#x"><animate attributeName="href" values="javascript:alert(1)"/></a></svg>`],
  ['html root instead of svg', `<html><body><script>alert(1)</script></body></html>`],
  ['two roots', `<svg ${NS}/><svg ${NS}/>`],
  ['iframe in svg', `<svg ${NS}><iframe src="https://evil.example"/></svg>`],
  ['embed in svg', `<svg ${NS}><embed src="https://evil.example/x.swf"/></svg>`],
  ['object in svg', `<svg ${NS}><object data="https://evil.example/x"/></svg>`],
  ['img onerror smuggled', `<svg ${NS}><img src="x" onerror="alert(1)"/></svg>`],
  ['mpath to external', `<svg ${NS}><animateMotion><mpath href="https://evil.example/p.svg#p"/></animateMotion></svg>`],
  ['handler in nested g', `<svg ${NS}><g><g><circle r="1" onfocus="alert(1)"/></g></g></svg>`],
  ['namespace-confused script', `<svg ${NS}><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>`],
  ['mXSS via title', `<svg ${NS}><title><![CDATA[</title><script>alert(1)</script>]]></title></svg>`],
  ['not svg at all', `just text`],
];

for (const [name, source] of HOSTILE) {
  test(`hostile SVG is refused or made inert: ${name}`, (t) => {
    const result = sanitizeSvg(source);
    if (!result.ok) {
      t.true(result.problems.length > 0);
      return;
    }
    // Passed: nothing in it may run or reach out.
    const doc = new JSDOM(result.svg.content, { contentType: 'image/svg+xml' }).window.document;
    const all = [...doc.querySelectorAll('*')];
    t.false(
      all.some((el) =>
        ['script', 'foreignobject', 'iframe', 'embed', 'object', 'image', 'use', 'style', 'a', 'animate', 'set'].includes(el.localName.toLowerCase()),
      ),
    );
    for (const el of all) {
      for (const attr of el.attributes) {
        t.false(/^on/i.test(attr.name), `${attr.name} kept`);
        t.false(/javascript:|data:|https?:|\/\//i.test(attr.value) && !attr.name.startsWith('xmlns'), `${attr.name}=${attr.value} kept`);
      }
    }
  });
}

test('at least 40 hostile inputs are covered', (t) => {
  t.true(HOSTILE.length >= 40);
});

test('a plain illustration passes unchanged, with local gradient references kept', (t) => {
  const source = `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><text x="1" y="5">hi</text></svg>`;
  const result = sanitizeSvg(source);
  t.true(result.ok);
  if (result.ok) {
    t.is(result.svg.content, source);
    t.regex(result.svg.sha256, /^[0-9a-f]{64}$/);
  }
});

test('size and shape limits hold at their edges', (t) => {
  const atElements = `<svg ${NS}>${'<rect/>'.repeat(SVG_LIMITS.maxElements - 1)}</svg>`;
  t.true(sanitizeSvg(atElements).ok);
  const atDepth = `<svg ${NS}>${'<g>'.repeat(SVG_LIMITS.maxDepth - 1)}${'</g>'.repeat(SVG_LIMITS.maxDepth - 1)}</svg>`;
  t.true(sanitizeSvg(atDepth).ok);
  const pad = (n: number) => `<svg ${NS}><path d="${'M'.padEnd(n, '0')}"/></svg>`;
  t.true(sanitizeSvg(pad(SVG_LIMITS.maxPathChars)).ok);
  const over = sanitizeSvg(pad(SVG_LIMITS.maxPathChars + 1));
  t.false(over.ok);
  if (!over.ok) t.is(over.problems[0]!.check, 'performance');
  const bytes = (n: number) => {
    const head = `<svg ${NS}><desc>`;
    const tail = '</desc></svg>';
    return head + 'a'.repeat(n - head.length - tail.length) + tail;
  };
  t.true(sanitizeSvg(bytes(SVG_LIMITS.maxBytes)).ok);
  t.false(sanitizeSvg(bytes(SVG_LIMITS.maxBytes + 1)).ok);
});
