// CSS in an illustration is judged after CSS unescaping (issue 24.2): every way of spelling `url(`,
// `image(`/`image-set(` and `@import` with CSS escapes, in presentation attributes, `style`
// attributes and `<style>` elements, is refused; only `url(#id)` references stay.
import test from 'ava';
import { sanitizeSvg } from '../../../lib/pub/svg.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const TARGET = 'http://127.0.0.1:4399/x#a';

/** Every CSS spelling of `word` with exactly one letter escaped: hex of 1 to 6 digits (lower and upper case), with and without the optional space, and the plain `\x` escape where the letter is not a hex digit. */
export function escapeVariants(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    const escapes: string[] = [];
    for (const code of [ch.charCodeAt(0), ch.toUpperCase().charCodeAt(0)]) {
      const hex = code.toString(16);
      for (let len = hex.length; len <= 6; len++) {
        for (const digits of [hex.padStart(len, '0'), hex.toUpperCase().padStart(len, '0')]) {
          escapes.push(`\\${digits} `);
          // Without the space the escape ends where the next character is not a hex digit (or at 6 digits).
          const next = word[i + 1] ?? '(';
          if (len === 6 || !/[0-9a-f]/i.test(next)) escapes.push(`\\${digits}`);
        }
      }
    }
    if (!/[0-9a-f]/i.test(ch)) escapes.push(`\\${ch}`, `\\${ch.toUpperCase()}`);
    for (const e of escapes) out.add(word.slice(0, i) + e + word.slice(i + 1));
  }
  return [...out];
}

const urlForms = escapeVariants('url').map((u) => `${u}(${TARGET})`);
const imageForms = [
  ...escapeVariants('image').map((w) => `${w}("${TARGET}")`),
  ...escapeVariants('image').map((w) => `${w}-set("${TARGET}" 1x)`),
  ...escapeVariants('image-set').map((w) => `${w}(url(${TARGET}) 1x)`),
];
const importForms = escapeVariants('import').map((w) => `@${w} url(${TARGET});`);

// Each value in each place CSS is read.
const places = (value: string): Array<[string, string]> => [
  ['fill attribute', `<svg ${NS}><rect width="5" height="5" fill="${value.replaceAll('"', '&quot;')}"/></svg>`],
  ['filter attribute', `<svg ${NS}><rect width="5" height="5" filter="${value.replaceAll('"', '&quot;')}"/></svg>`],
  ['marker-start attribute', `<svg ${NS}><path d="M0 0L5 5" marker-start="${value.replaceAll('"', '&quot;')}"/></svg>`],
  ['style attribute', `<svg ${NS}><rect width="5" height="5" style="fill:${value.replaceAll('"', '&quot;')}"/></svg>`],
  ['<style> element', `<svg ${NS}><style>rect{mask:${value.replaceAll('<', '&lt;')}}</style><rect width="5" height="5"/></svg>`],
];

function refusedEverywhere(t: import('ava').ExecutionContext, values: string[]) {
  let cases = 0;
  for (const value of values) {
    for (const [where, svg] of places(value)) {
      cases++;
      const result = sanitizeSvg(svg);
      t.false(result.ok, `${where}: ${value} was accepted`);
      if (!result.ok)
        t.true(
          result.problems.every((p) => p.check === 'runtime_safety'),
          `${where}: ${value}`,
        );
    }
  }
  return cases;
}

test('the escape generator covers every letter, hex length and spacing', (t) => {
  const url = escapeVariants('url');
  t.true(url.includes('\\75 rl'));
  t.true(url.includes('u\\72l'));
  t.true(url.includes('\\000075rl'));
  t.true(url.includes('ur\\00006C'));
  t.true(url.includes('u\\r l'.replace(' ', '')));
  // 3 letters x 2 cases x hex lengths 2..6 x 2 digit cases, with and without the space, plus plain escapes.
  t.true(url.length >= 60, `${url.length}`);
  t.true(escapeVariants('import').length >= 120);
});

test('every escaped spelling of url( is refused in attributes, style attributes and <style>', (t) => {
  t.true(refusedEverywhere(t, urlForms) >= 300);
});

test('every escaped spelling of image( and image-set( is refused everywhere', (t) => {
  t.true(refusedEverywhere(t, imageForms) >= 300);
});

test('every escaped spelling of @import is refused in <style>', (t) => {
  for (const rule of [...importForms, `@import url(${TARGET});`, `@import "${TARGET}";`, `@font-face{src:url(${TARGET})}`, `@media all{rect{fill:red}}`]) {
    const result = sanitizeSvg(`<svg ${NS}><style>${rule}</style><rect width="5" height="5"/></svg>`);
    t.false(result.ok, rule);
  }
  t.true(importForms.length >= 120);
});

test('comments, case, quoting and functions that reach outside are refused', (t) => {
  refusedEverywhere(t, [
    `ur/**/l(${TARGET})`,
    `url/**/(${TARGET})`,
    `URL(${TARGET})`,
    `url('${TARGET}')`,
    `url("${TARGET}")`,
    `url(${TARGET}`,
    `url(//evil.example/x)`,
    `url(data:image/svg+xml,x)`,
    `url(javascript:alert(1))`,
    `url(x.svg#a)`,
    `-webkit-image-set(url(${TARGET}) 1x)`,
    `cross-fade(url(${TARGET}), red)`,
    `element(#a)`,
    `paint(x)`,
    `src("${TARGET}")`,
    `var(--x)`,
    `attr(data-x url)`,
    `env(x)`,
    `u\\\nrl(${TARGET})`,
  ]);
  // Property names are unescaped too, and only presentation properties may be declared.
  for (const decl of [
    `f\\69 lter:url(${TARGET})`,
    'background:red',
    `background-image:url(${TARGET})`,
    `cursor:url(${TARGET}),auto`,
    '--x:url(#a)',
    'transform:scale(9)',
    'animation:x 1s infinite',
    `content:url(${TARGET})`,
  ]) {
    t.false(sanitizeSvg(`<svg ${NS}><rect width="5" height="5" style="${decl}"/></svg>`).ok, decl);
  }
  // Selectors: element names, classes, ids and combinators only.
  for (const selector of ['rect:hover', 'rect::before', 'rect[fill]', ':has(rect)', 'rect:nth-child(2n+1)']) {
    t.false(sanitizeSvg(`<svg ${NS}><style>${selector}{fill:red}</style><rect width="5" height="5"/></svg>`).ok, selector);
  }
});

test('same-document references and plain CSS pass, and are stored as sent', (t) => {
  const sources = [
    `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>`,
    `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url( '#g' ) red"/></svg>`,
    `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" style="fill:url(#\\67);stroke:rgb(0 0 0 / 50%);stroke-width:.5"/></svg>`,
    `<svg ${NS} viewBox="0 0 10 10"><style>/* exported */ .a, g &gt; rect { fill: #c00; stroke: hsl(10 50% 50%) } #b { opacity: .5 }</style><g><rect class="a" width="4" height="4"/><rect id="b" x="5" width="4" height="4"/></g></svg>`,
    `<svg ${NS} viewBox="0 0 10 10"><rect width="4" height="4" transform="translate(1,2) rotate(45 2 2) scale(.5)"/></svg>`,
  ];
  for (const source of sources) {
    const result = sanitizeSvg(source);
    t.true(result.ok, result.ok ? source : JSON.stringify(result.problems));
    if (result.ok) t.is(result.svg.content, source);
  }
});
