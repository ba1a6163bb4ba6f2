// Generated families of SVGs that cost render time (issue 24.3), each at sizes around its bound: what
// the admission must accept (`ok`) and what it must refuse (`refused`). test/lib/pub/svg-cost.test.ts
// checks the verdicts; bench/svg-render.ts draws every accepted one in Chromium and counts the ones
// over the render budget. Sizes are read from SVG_LIMITS, so moving a bound moves its edge cases.
import { SVG_LIMITS as L } from '../../../lib/pub/svg-limits.ts';

export type HostileSvg = { family: string; name: string; svg: string; expect: 'ok' | 'refused' };

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const C = 100; // the canvas of every case: viewBox 0 0 100 100
const doc = (body: string, attrs = '') => `<svg ${NS} viewBox="0 0 ${C} ${C}"${attrs}>${body}</svg>`;
const full = (extra = '') => `<rect width="${C}" height="${C}" fill="#c33"${extra}/>`;
const filter = (primitives: string, attrs = '') => `<filter id="f"${attrs}>${primitives}</filter>`;
const verdict = (ok: boolean): HostileSvg['expect'] => (ok ? 'ok' : 'refused');

export function hostileSvgs(): HostileSvg[] {
  const out: HostileSvg[] = [];
  const add = (family: string, name: string, svg: string, ok: boolean) => out.push({ family, name, svg, expect: verdict(ok) });
  const F = L.filter;
  const blurMax = F.maxBlurFraction * C;

  // Blur sizes, direct and magnified by a transform or a symbol's viewBox.
  for (const s of [blurMax / 4, blurMax, blurMax * 1.5, 20, 200])
    add('blur sizes', `stdDeviation ${s}`, doc(filter(`<feGaussianBlur stdDeviation="${s}"/>`) + full(' filter="url(#f)"')), s <= blurMax);
  for (const k of [1, 4, 100])
    add(
      'blur sizes',
      `stdDeviation ${blurMax / 4} under scale(${k})`,
      doc(
        filter(`<feGaussianBlur stdDeviation="${blurMax / 4}"/>`) +
          `<g transform="scale(${k})"><rect width="${C / k}" height="${C / k}" filter="url(#f)"/></g>`,
      ),
      k <= 4,
    );
  add(
    'blur sizes',
    'blur in a symbol drawn 100 times larger',
    doc(
      filter(`<feGaussianBlur stdDeviation="${blurMax / 2}"/>`) +
        `<symbol id="s" viewBox="0 0 1 1"><rect width="1" height="1" filter="url(#f)"/></symbol><use href="#s" width="${C}" height="${C}"/>`,
    ),
    false,
  );
  add(
    'blur sizes',
    'shadow (blur, offset, merge) within bounds',
    doc(
      filter(
        `<feGaussianBlur in="SourceAlpha" stdDeviation="${blurMax}"/><feOffset dx="2" dy="2"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>`,
      ) + full(' filter="url(#f)"'),
    ),
    true,
  );
  add('blur sizes', 'drop shadow blur 50', doc(filter('<feDropShadow stdDeviation="50"/>') + full(' filter="url(#f)"')), false);

  // Filter regions.
  for (const size of [C, F.maxRegionFraction * C, 200 * C]) {
    add(
      'filter regions',
      `userSpaceOnUse region ${size}`,
      doc(
        filter('<feFlood flood-color="#09c"/>', ` filterUnits="userSpaceOnUse" x="${-size / 2}" y="${-size / 2}" width="${size}" height="${size}"`) +
          full(' filter="url(#f)"'),
      ),
      size <= F.maxRegionFraction * C,
    );
  }
  for (const pct of [120, F.maxRegionFraction * 100, 100_000])
    add(
      'filter regions',
      `bounding-box region ${pct}%`,
      doc(
        filter('<feGaussianBlur stdDeviation="0.5"/>', ` x="-${pct / 2 - 50}%" y="-${pct / 2 - 50}%" width="${pct}%" height="${pct}%"`) +
          full(' filter="url(#f)"'),
      ),
      pct <= F.maxRegionFraction * 100,
    );
  add(
    'filter regions',
    'flood over a huge element (bounding-box region)',
    doc(filter('<feFlood flood-color="#09c"/>') + '<rect x="-100000" y="-100000" width="200000" height="200000" filter="url(#f)"/>'),
    true,
  );
  add(
    'filter regions',
    'primitive subregion 20000',
    doc(filter('<feFlood flood-color="#09c" x="-10000" y="-10000" width="20000" height="20000"/>') + full(' filter="url(#f)"')),
    false,
  );
  add(
    'filter regions',
    'primitiveUnits objectBoundingBox',
    doc(filter('<feGaussianBlur stdDeviation="0.5"/>', ' primitiveUnits="objectBoundingBox"') + full(' filter="url(#f)"')),
    false,
  );

  // Nested filters and filter fan-out.
  for (const depth of [1, 2, 3, 20])
    add(
      'nested filters',
      `filtered groups nested ${depth} deep`,
      doc(filter('<feGaussianBlur stdDeviation="0.5"/>') + '<g filter="url(#f)">'.repeat(depth) + full() + '</g>'.repeat(depth)),
      depth <= F.maxNesting,
    );
  // A blur is F.passWeights.feGaussianBlur passes: maxPasses / that many blurred elements fit.
  const blurs = F.maxPasses / F.passWeights.feGaussianBlur;
  for (const n of [1, blurs, blurs + 1, 2000])
    add('nested filters', `${n} blurred elements`, doc(filter('<feGaussianBlur stdDeviation="0.5"/>') + full(' filter="url(#f)"').repeat(n)), n <= blurs);
  for (const n of [F.maxPasses, F.maxPasses + 1])
    add('nested filters', `${n} elements with a one-copy filter`, doc(filter('<feOffset dx="1"/>') + full(' filter="url(#f)"').repeat(n)), n <= F.maxPasses);
  add(
    'nested filters',
    `${blurs + 1} blurs in one filter`,
    doc(filter('<feGaussianBlur stdDeviation="0.5"/>'.repeat(blurs + 1)) + full(' filter="url(#f)"')),
    false,
  );
  add(
    'nested filters',
    'one filtered element used 50 times',
    doc(
      filter('<feGaussianBlur stdDeviation="0.5"/>') +
        `<defs>${'<rect id="r" width="10" height="10" filter="url(#f)"/>'}</defs>` +
        '<use href="#r"/>'.repeat(50),
    ),
    false,
  );
  add(
    'nested filters',
    'filter applied by a <style> rule to every rect',
    doc(`<style>rect{filter:url(#f)}</style>` + filter('<feGaussianBlur stdDeviation="0.5"/>') + full().repeat(50)),
    false,
  );
  add(
    'nested filters',
    'filter inside a pattern tile',
    doc(
      filter('<feGaussianBlur stdDeviation="0.5"/>') +
        `<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="5" filter="url(#f)"/></pattern>` +
        full().replace('#c33', 'url(#p)'),
    ),
    false,
  );
  for (const n of [F.maxPrimitives, F.maxPrimitives + 1, 100])
    add('nested filters', `${n} offsets in one filter`, doc(filter('<feOffset dx="0.1"/>'.repeat(n)) + full(' filter="url(#f)"')), n <= F.maxPrimitives);

  // Per-pixel primitives.
  for (const o of [1, F.maxTurbulenceOctaves, F.maxTurbulenceOctaves + 1, 1000])
    add(
      'filter primitives',
      `feTurbulence ${o} octaves`,
      doc(filter(`<feTurbulence baseFrequency="0.05" numOctaves="${o}"/>`) + full(' filter="url(#f)"')),
      o <= F.maxTurbulenceOctaves,
    );
  const morphMax = F.maxMorphologyFraction * C;
  for (const r of [morphMax, morphMax * 2, 50])
    add(
      'filter primitives',
      `feMorphology radius ${r}`,
      doc(filter(`<feMorphology operator="dilate" radius="${r}"/>`) + full(' filter="url(#f)"')),
      r <= morphMax,
    );
  for (const order of [3, 30])
    add(
      'filter primitives',
      `feConvolveMatrix order ${order}`,
      doc(filter(`<feConvolveMatrix order="${order}" kernelMatrix="${'1 '.repeat(order * order).trim()}"/>`) + full(' filter="url(#f)"')),
      false,
    );
  for (const dx of [F.maxOffsetFraction * C, 5000])
    add('filter primitives', `feOffset dx ${dx}`, doc(filter(`<feOffset dx="${dx}"/>`) + full(' filter="url(#f)"')), dx <= F.maxOffsetFraction * C);
  for (const s of [F.maxDisplacementFraction * C, 1000])
    add(
      'filter primitives',
      `feDisplacementMap scale ${s}`,
      doc(filter(`<feTurbulence baseFrequency="0.05"/><feDisplacementMap in="SourceGraphic" scale="${s}"/>`) + full(' filter="url(#f)"')),
      s <= F.maxDisplacementFraction * C,
    );

  // Patterns.
  const P = L.pattern;
  for (const frac of [0.0001, P.minTileFraction, 0.25, P.maxTileFraction, 1000]) {
    const w = frac * C;
    add(
      'huge patterns',
      `tile ${frac} of the canvas`,
      doc(
        `<pattern id="p" width="${w}" height="${w}" patternUnits="userSpaceOnUse"><circle r="${w / 3}" cx="${w / 2}" cy="${w / 2}"/></pattern>` +
          full().replace('#c33', 'url(#p)'),
      ),
      frac >= P.minTileFraction && frac <= P.maxTileFraction,
    );
  }
  add(
    'huge patterns',
    'bounding-box tile 0.0001',
    doc(`<pattern id="p" width="0.0001" height="0.0001"><rect width="0.01" height="0.01"/></pattern>` + full().replace('#c33', 'url(#p)')),
    false,
  );
  add(
    'huge patterns',
    'tile with a tiny viewBox',
    doc(
      `<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" viewBox="0 0 0.001 0.001"><circle r="0.0005" cx="0.0005" cy="0.0005"/></pattern>` +
        full().replace('#c33', 'url(#p)'),
    ),
    true,
  );
  add(
    'huge patterns',
    'patterns nested 3 deep',
    doc(
      `<pattern id="p0" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern><pattern id="p1" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="url(#p0)"/></pattern><pattern id="p2" width="50" height="50" patternUnits="userSpaceOnUse"><rect width="50" height="50" fill="url(#p1)"/></pattern>` +
        full().replace('#c33', 'url(#p2)'),
    ),
    true,
  );

  // use fan-out.
  const D = L.drawn;
  for (const [levels, fan] of [
    [2, 10],
    [3, 10],
    [4, 10],
    [6, 10],
  ] as const) {
    const groups = Array.from({ length: levels }, (_, i) => `<g id="u${i + 1}">${`<use href="#u${i}"/>`.repeat(fan)}</g>`).join('');
    let drawn = 1;
    for (let i = 0; i < levels; i++) drawn = 1 + fan * (1 + drawn);
    add(
      'use fan-out',
      `${levels} levels of ${fan} uses`,
      doc(`<defs><rect id="u0" width="1" height="1"/>${groups}</defs><use href="#u${levels}"/>`),
      3 + drawn <= D.maxElements && levels + 1 <= D.maxUseDepth,
    );
  }
  for (const depth of [D.maxUseDepth, D.maxUseDepth + 1]) {
    const chain = Array.from({ length: depth - 1 }, (_, i) => `<g id="c${i + 1}"><use href="#c${i}"/></g>`).join('');
    add(
      'use fan-out',
      `use of use ${depth} deep`,
      doc(`<defs><rect id="c0" width="5" height="5"/>${chain}</defs><use href="#c${depth - 1}"/>`),
      depth <= D.maxUseDepth,
    );
  }
  add('use fan-out', 'use naming itself', doc('<g id="a"><use href="#a"/></g>'), false);
  add(
    'use fan-out',
    'markers on every vertex of a long path',
    doc(
      `<marker id="m" markerWidth="3" markerHeight="3"><circle r="1" cx="1" cy="1"/><circle r="1" cx="2" cy="2"/></marker><path marker-mid="url(#m)" d="M0 0${' L1 1 L2 0'.repeat(1000)}" stroke="#000"/>`,
    ),
    false,
  );
  add(
    'use fan-out',
    'markers on a short path',
    doc(
      `<marker id="m" markerWidth="3" markerHeight="3"><circle r="1" cx="1" cy="1"/></marker><path marker-mid="url(#m)" d="M0 0${' L10 10 L20 0'.repeat(20)}" stroke="#000"/>`,
    ),
    true,
  );

  // Many elements and layers.
  for (const n of [100, L.maxElements - 1, L.maxElements + 1])
    add('many elements', `${n} rects`, doc(`<rect width="1" height="1"/>`.repeat(n - 1)), n <= L.maxElements);
  for (const n of [D.maxLayers, D.maxLayers + 1, 2000])
    add('many elements', `${n} half-transparent full-canvas rects`, doc(full(' opacity="0.5"').repeat(n)), n <= D.maxLayers);
  for (const n of [D.maxMasks, D.maxMasks + 1, D.maxLayers])
    add(
      'many elements',
      `${n} masked full-canvas rects`,
      doc(`<mask id="k"><rect width="50" height="100" fill="#fff"/></mask>` + full(' mask="url(#k)"').repeat(n)),
      n <= D.maxMasks,
    );

  // Long paths and dashes.
  const seg = ' L99 99 L0 99';
  for (const chars of [1_000, L.maxPathChars, L.maxPathChars + seg.length]) {
    const d = `M0 0${seg.repeat(Math.floor((chars - 4) / seg.length))}`;
    add('long paths', `path of ${d.length} characters`, doc(`<path d="${d}" stroke="#000" stroke-width="0.2" fill="none"/>`), d.length <= L.maxPathChars);
  }
  // The long path is 1000 x (99 * sqrt 2 + 99) ~ 239,000 units long.
  const longPath = `M0 0${seg.repeat(1000)}`;
  const longLength = 1000 * (99 * Math.SQRT2 + 99);
  for (const dashes of [D.maxDashes / 2, D.maxDashes * 2, 2_000_000]) {
    const period = longLength / dashes;
    add(
      'long paths',
      `${dashes} dashes on a long path`,
      doc(`<path d="${longPath}" stroke="#000" stroke-dasharray="${period / 2}" fill="none"/>`),
      dashes <= D.maxDashes,
    );
  }
  add('long paths', 'dashes inherited from a group', doc(`<g stroke-dasharray="0.1"><path d="${longPath}" stroke="#000" fill="none"/></g>`), false);
  add(
    'long paths',
    'dashes inherited from a use',
    doc(`<defs><path id="p" d="${longPath}" stroke="#000" fill="none"/></defs><use href="#p" stroke-dasharray="0.1"/>`),
    false,
  );
  add('long paths', 'dashes on a huge circle', doc(`<circle r="1000000" stroke="#000" stroke-dasharray="1"/>`), false);
  add(
    'long paths',
    'one path drawn 2000 times through use',
    doc(`<defs><path id="p" d="M0 0${seg.repeat(1000)}" stroke="#000"/><g id="g">${'<use href="#p"/>'.repeat(40)}</g></defs>${'<use href="#g"/>'.repeat(50)}`),
    false,
  );

  // Big text.
  for (const n of [1_000, L.maxTextChars, L.maxTextChars + 1])
    add(
      'big text',
      `${n} characters of text`,
      doc(`<text y="10" font-size="4">${'lorem ipsum '.repeat(Math.ceil(n / 12)).slice(0, n)}</text>`),
      n <= L.maxTextChars,
    );
  add('big text', 'text at font-size 100000', doc(`<text y="90" font-size="100000">W</text>`), true);
  add(
    'big text',
    'text drawn 100 times through use',
    doc(`<defs><text id="t" y="10" font-size="4">${'x'.repeat(5000)}</text></defs>${'<use href="#t"/>'.repeat(100)}`),
    false,
  );

  // The viewport.
  for (const px of [L.maxViewportPx, L.maxViewportPx + 1, 100_000])
    add('viewport', `width and height ${px}`, `<svg ${NS} width="${px}" height="${px}" viewBox="0 0 ${C} ${C}">${full()}</svg>`, px <= L.maxViewportPx);
  return out;
}
