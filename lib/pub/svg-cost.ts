// What an illustration costs to draw, bounded before it is stored. Costs come from what the renderer
// repeats, not from the source's size: `use` (and use of use), markers (once per vertex), patterns,
// masks and clip paths draw other elements again; filters, masks, clip paths and group opacity each
// need an offscreen layer; a filter's work grows with its region and with its parameters in device
// pixels (blur, morphology, offsets, displacement: in user units times every scale on the way down:
// transforms, nested viewBoxes, symbols). Each bound is a number of SVG_LIMITS (lib/pub/svg-limits.ts).
import { SVG_LIMITS } from './svg-limits.ts';

export type Declared = Map<Element, Map<string, { values: string[]; refs: string[] }>>;
export type CostProblem = { check: 'performance'; message: string };

type Drawn = {
  elements: number;
  pathChars: number;
  textChars: number;
  layers: number;
  masks: number;
  dashes: number;
  passes: number;
  filters: number;
  filterDepth: number;
  useDepth: number;
};

const L = SVG_LIMITS;
const CONTENT = new Set(['pattern', 'marker', 'mask', 'clipPath']);
const NOT_DRAWN = new Set([
  'defs',
  'symbol',
  'pattern',
  'marker',
  'mask',
  'clipPath',
  'filter',
  'linearGradient',
  'radialGradient',
  'title',
  'desc',
  'metadata',
  'style',
]);
const TEXT = new Set(['text', 'tspan', 'textPath']);
const MARKED = new Set(['path', 'line', 'polyline', 'polygon']);
const SHAPES = new Set(['path', 'line', 'polyline', 'polygon', 'rect', 'circle', 'ellipse']);
const NOT_PRIMITIVES = new Set(['feMergeNode', 'feFuncR', 'feFuncG', 'feFuncB', 'feFuncA', 'feDistantLight', 'fePointLight', 'feSpotLight']);

const numbers = (value: string | null) => (value ?? '').match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g)?.map(Number) ?? [];

/** A length in user units (`%` of `base`), or null when it is not a plain number, px or percentage. */
function length(value: string | null, base: number): number | null {
  if (value === null) return null;
  const m = /^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(px|%)?\s*$/.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === '%' ? (n * base) / 100 : n;
}

/** The largest factor by which a transform list stretches anything (the matrix's largest singular value). */
export function transformScale(value: string | null): number {
  if (!value) return 1;
  let [a, b, c, d] = [1, 0, 0, 1];
  for (const m of value.matchAll(/([A-Za-z]+)\s*\(([^)]*)\)/g)) {
    const name = m[1]!.toLowerCase();
    const n = numbers(m[2]!);
    const rad = ((n[0] ?? 0) * Math.PI) / 180;
    const t =
      name === 'matrix'
        ? [n[0] ?? 1, n[1] ?? 0, n[2] ?? 0, n[3] ?? 1]
        : name === 'scale'
          ? [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1]
          : name === 'rotate'
            ? [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad)]
            : name === 'skewx'
              ? [1, 0, Math.tan(rad), 1]
              : name === 'skewy'
                ? [1, Math.tan(rad), 0, 1]
                : [1, 0, 0, 1];
    [a, b, c, d] = [a * t[0]! + c * t[1]!, b * t[0]! + d * t[1]!, a * t[2]! + c * t[3]!, b * t[2]! + d * t[3]!];
  }
  const p = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  const s = Math.sqrt((p + Math.sqrt(Math.max(0, p * p - 4 * det * det))) / 2);
  return Number.isFinite(s) ? s : Infinity;
}

/**
 * An upper bound of a shape's outline length in its user units: straight segments as drawn, curves by
 * their control polygon (never shorter than the curve), arcs by the full ellipse.
 */
export function shapeLength(el: Element, canvas: number): number {
  const n = (name: string) => Math.abs(length(el.getAttribute(name), canvas) ?? 0);
  switch (el.localName) {
    case 'rect':
      return 2 * (n('width') + n('height'));
    case 'circle':
      return 2 * Math.PI * n('r');
    case 'ellipse':
      return 2 * Math.PI * Math.max(n('rx'), n('ry'));
    case 'line':
      return Math.hypot(n('x2') - n('x1'), n('y2') - n('y1'));
    case 'polyline':
    case 'polygon': {
      const p = numbers(el.getAttribute('points'));
      let total = 0;
      for (let i = 2; i + 1 < p.length; i += 2) total += Math.hypot(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!);
      return total + (el.localName === 'polygon' && p.length >= 4 ? Math.hypot(p[0]! - p[p.length - 2]!, p[1]! - p[p.length - 1]!) : 0);
    }
    case 'path':
      return pathLength(el.getAttribute('d') ?? '');
    default:
      return 0;
  }
}

const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

function pathLength(d: string): number {
  let [x, y, sx, sy, total] = [0, 0, 0, 0, 0];
  for (const m of d.matchAll(/([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g)) {
    const cmd = m[1]!;
    const lower = cmd.toLowerCase();
    const rel = cmd === lower;
    const args = numbers(m[2]!);
    const step = ARGS[lower]!;
    if (step === 0) {
      total += Math.hypot(sx - x, sy - y);
      [x, y] = [sx, sy];
      continue;
    }
    for (let i = 0; i + step <= args.length; i += step) {
      const a = args.slice(i, i + step);
      const to = (px: number, py: number): [number, number] => (rel ? [x + px, y + py] : [px, py]);
      let points: Array<[number, number]>;
      if (lower === 'h') points = [[rel ? x + a[0]! : a[0]!, y]];
      else if (lower === 'v') points = [[x, rel ? y + a[0]! : a[0]!]];
      else if (lower === 'a') {
        const [ex, ey] = to(a[5]!, a[6]!);
        total += 2 * Math.PI * Math.max(Math.abs(a[0]!), Math.abs(a[1]!), Math.hypot(ex - x, ey - y) / 2);
        [x, y] = [ex, ey];
        continue;
      } else points = Array.from({ length: step / 2 }, (_, k) => to(a[2 * k]!, a[2 * k + 1]!));
      if (lower === 'm' && i === 0) {
        [x, y] = points[0]!;
        [sx, sy] = [x, y];
        continue;
      }
      // Lines walk to their point; curves walk their control polygon to their end point.
      for (const [px, py] of points) {
        total += Math.hypot(px - x, py - y);
        [x, y] = [px, py];
      }
    }
  }
  return total;
}

/** The root's canvas size (user units of its larger side), or why the root's size is refused. */
export function canvasOf(root: Element): { canvas: number } | { problem: string } {
  const vb = numbers(root.getAttribute('viewBox'));
  for (const name of ['width', 'height']) {
    const raw = root.getAttribute(name);
    if (raw === null || raw.trim().endsWith('%')) continue;
    const px = length(raw, 0);
    if (px === null || px < 0 || px > L.maxViewportPx)
      return { problem: `the root's ${name} must be a number of pixels up to ${L.maxViewportPx} (or a percentage)` };
  }
  if (root.hasAttribute('viewBox')) {
    if (vb.length !== 4 || !(vb[2]! > 0) || !(vb[3]! > 0) || !vb.every(Number.isFinite))
      return { problem: 'the root viewBox must be four numbers with a positive width and height' };
    return { canvas: Math.max(vb[2]!, vb[3]!) };
  }
  const w = length(root.getAttribute('width'), 0);
  const h = length(root.getAttribute('height'), 0);
  return { canvas: w && h && !root.getAttribute('width')!.includes('%') && !root.getAttribute('height')!.includes('%') ? Math.max(w, h) : L.maxViewportPx };
}

/** Scale a viewBox applies to content drawn in a viewport of `width` x `height` user units. */
function viewBoxScale(el: Element, width: number, height: number): number {
  const vb = numbers(el.getAttribute('viewBox'));
  if (vb.length !== 4 || !(vb[2]! > 0) || !(vb[3]! > 0)) return 1;
  return Math.max(width / vb[2]!, height / vb[3]!);
}

export function measureSvg(root: Element, declared: Declared): CostProblem[] {
  const problems: string[] = [];
  const fitted = canvasOf(root);
  if ('problem' in fitted) return [{ check: 'performance', message: fitted.problem }];
  const C = fitted.canvas;
  const doc = root.ownerDocument;
  const byId = new Map<string, Element>();
  for (const el of doc.querySelectorAll('[id]')) if (!byId.has(el.id)) byId.set(el.id, el);
  const decl = (el: Element, property: string) => declared.get(el)?.get(property);
  const refsOf = (el: Element, ...properties: string[]) =>
    properties
      .flatMap((p) => decl(el, p)?.refs ?? [])
      .map((id) => byId.get(id))
      .filter((e): e is Element => e !== undefined);
  const hrefTarget = (el: Element) => {
    const href = el.getAttribute('href') ?? el.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    return href?.startsWith('#') ? (byId.get(href.slice(1)) ?? null) : null;
  };

  // Marker properties are inherited: a shape carries the markers declared on it or on an ancestor,
  // and, conservatively, every marker declared on any `use` (or its ancestors) when it is drawn through one.
  const markerProps = ['marker', 'marker-start', 'marker-mid', 'marker-end'];
  const inheritedMarkers = (el: Element): Element[] => {
    const out: Element[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) out.push(...refsOf(e, ...markerProps));
    return out;
  };
  const useMarkers = [...doc.getElementsByTagName('use')].flatMap(inheritedMarkers);
  const usedTargets = new Set([...doc.getElementsByTagName('use')].map(hrefTarget).filter((e): e is Element => e !== null));
  const insideUseTarget = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) if (usedTargets.has(e)) return true;
    return false;
  };
  // stroke-dasharray is inherited too: the shortest period declared on the shape, an ancestor, or
  // (for shapes drawn through a use) any use or its ancestors. 0 means no dashes; null an unreadable one.
  const periodOf = (value: string): number | null => {
    if (/^\s*(none|inherit|initial|unset)\s*$/.test(value)) return 0;
    const sum = value
      .split(/[\s,]+/)
      .filter(Boolean)
      .reduce<number>((n, v) => n + Math.abs(length(v, C) ?? NaN), 0);
    return Number.isFinite(sum) ? sum : null;
  };
  const declaredPeriods = (el: Element): Array<number | null> => {
    const out: Array<number | null> = [];
    for (let e: Element | null = el; e; e = e.parentElement) for (const v of decl(e, 'stroke-dasharray')?.values ?? []) out.push(periodOf(v));
    return out;
  };
  const usePeriods = [...doc.getElementsByTagName('use')].flatMap(declaredPeriods);
  const dashPeriod = (el: Element): number | null => {
    const periods = [...declaredPeriods(el), ...(insideUseTarget(el) ? usePeriods : [])];
    if (periods.includes(null)) return null;
    const positive = (periods as number[]).filter((p) => p > 0);
    return positive.length > 0 ? Math.min(...positive) : 0;
  };
  const bad = new Set<string>();
  const layered = (el: Element) =>
    (decl(el, 'filter')?.refs.length ?? 0) > 0 ||
    (decl(el, 'mask')?.refs.length ?? 0) > 0 ||
    (decl(el, 'clip-path')?.refs.length ?? 0) > 0 ||
    (decl(el, 'opacity')?.values ?? []).some((v) => !/^\s*(1|1\.0*|100%)\s*$/.test(v));

  // What drawing each element costs, references followed; memoised, and a reference cycle is refused.
  const memo = new Map<Element, Drawn>();
  const visiting = new Set<Element>();
  let cycle = false;
  const zero = (): Drawn => ({ elements: 0, pathChars: 0, textChars: 0, layers: 0, masks: 0, dashes: 0, passes: 0, filters: 0, filterDepth: 0, useDepth: 0 });
  const add = (into: Drawn, d: Drawn, times = 1) => {
    into.elements += d.elements * times;
    into.pathChars += d.pathChars * times;
    into.textChars += d.textChars * times;
    into.layers += d.layers * times;
    into.masks += d.masks * times;
    into.dashes += d.dashes * times;
    into.filters += d.filters * times;
    into.passes += d.passes * times;
  };
  function drawn(el: Element): Drawn {
    const known = memo.get(el);
    if (known) return known;
    if (visiting.has(el)) {
      cycle = true;
      return zero();
    }
    visiting.add(el);
    const own = zero();
    own.elements = 1;
    own.pathChars = (el.getAttribute('d') ?? '').length + (el.getAttribute('points') ?? '').length;
    if (TEXT.has(el.localName)) for (const n of el.childNodes) if (n.nodeType === 3) own.textChars += n.nodeValue?.length ?? 0;
    const filtered = (decl(el, 'filter')?.refs.length ?? 0) > 0;
    if (filtered) {
      own.filters = 1;
      for (const f of refsOf(el, 'filter')) if (f.localName === 'filter') own.passes += filterPasses(f);
    }
    if (layered(el)) own.layers = 1;
    if ((decl(el, 'mask')?.refs.length ?? 0) > 0) own.masks = 1;
    if (SHAPES.has(el.localName)) {
      const period = dashPeriod(el);
      if (period === null) bad.add(`<${el.localName}> stroke-dasharray must be lengths`);
      else if (period > 0) own.dashes = Math.ceil(shapeLength(el, C) / period);
    }
    let innerFilterDepth = 0;
    let innerUseDepth = 0;
    const follow = (target: Element, times = 1) => {
      const d = drawn(target);
      add(own, d, times);
      innerFilterDepth = Math.max(innerFilterDepth, d.filterDepth);
      innerUseDepth = Math.max(innerUseDepth, d.useDepth);
    };
    // Content that is drawn only when referenced (defs, symbol, pattern, marker, ...) counts where it is referenced.
    for (const child of el.children) {
      if (NOT_DRAWN.has(child.localName)) own.elements += 1;
      else follow(child);
    }
    const target = el.localName === 'use' || el.localName === 'pattern' ? hrefTarget(el) : null;
    if (target) {
      const before = innerUseDepth;
      follow(target);
      if (el.localName === 'use') innerUseDepth = Math.max(before, drawn(target).useDepth + 1);
    }
    for (const ref of refsOf(el, 'fill', 'stroke', 'mask', 'clip-path')) if (CONTENT.has(ref.localName)) follow(ref);
    if (MARKED.has(el.localName)) {
      const markers = new Set([...inheritedMarkers(el), ...(insideUseTarget(el) ? useMarkers : [])]);
      const vertices = el.localName === 'line' ? 2 : Math.ceil(numbers(el.getAttribute('d') ?? el.getAttribute('points')).length / 2);
      for (const marker of markers) if (marker.localName === 'marker') follow(marker, vertices);
    }
    own.filterDepth = innerFilterDepth + (filtered ? 1 : 0);
    own.useDepth = innerUseDepth;
    visiting.delete(el);
    memo.set(el, own);
    return own;
  }
  const total = drawn(root);
  if (cycle) return [{ check: 'performance', message: 'a reference cycle (use, pattern, marker, mask or clip-path naming itself)' }];
  const over = (what: string, n: number, max: number) => n > max && problems.push(`${what}: ${n}; at most ${max}`);
  over('elements drawn once references are followed', total.elements, L.drawn.maxElements);
  over('characters of path data drawn once references are followed', total.pathChars, L.drawn.maxPathChars);
  over('characters of text drawn once references are followed', total.textChars, L.drawn.maxTextChars);
  problems.push(...bad);
  over('offscreen layers (filter, mask, clip-path, opacity)', total.layers, L.drawn.maxLayers);
  over('masked elements', total.masks, L.drawn.maxMasks);
  over('dashes (stroke length over the dash period)', total.dashes, L.drawn.maxDashes);
  over('nested use', total.useDepth, L.drawn.maxUseDepth);
  over("filter passes (each filtered element pays its filter's passes)", total.passes, L.filter.maxPasses);
  over('filtered elements nested inside filtered elements (depth)', total.filterDepth, L.filter.maxNesting);
  for (const el of doc.querySelectorAll('pattern, marker, mask, clipPath')) {
    if (drawn(el).filters > 0) problems.push(`a filter inside <${el.localName}> content is not allowed`);
  }

  // The largest scale at which each filter is applied: walk what is drawn, through `use`.
  const filterScale = new Map<Element, number>();
  let visits = 0;
  const walk = (el: Element, scale: number, depth: number, viaUse = false) => {
    if (++visits > L.drawn.maxElements || depth > L.maxDepth + L.drawn.maxUseDepth * L.maxDepth) return;
    const s = scale * transformScale(el.getAttribute('transform'));
    for (const f of refsOf(el, 'filter')) filterScale.set(f, Math.max(filterScale.get(f) ?? 0, s));
    if (el.localName === 'use') {
      const target = hrefTarget(el);
      if (!target) return;
      const vb =
        target.localName === 'symbol' || target.localName === 'svg'
          ? viewBoxScale(target, length(el.getAttribute('width'), C) ?? C, length(el.getAttribute('height'), C) ?? C)
          : 1;
      walk(target, s * vb, depth + 1, true);
      return;
    }
    if (el !== root && !viaUse && NOT_DRAWN.has(el.localName)) return;
    const inner =
      el !== root && el.localName === 'svg' ? s * viewBoxScale(el, length(el.getAttribute('width'), C) ?? C, length(el.getAttribute('height'), C) ?? C) : s;
    for (const child of el.children) walk(child, inner, depth + 1);
  };
  if (problems.length === 0) walk(root, 1, 0);

  for (const filter of doc.getElementsByTagName('filter')) problems.push(...filterProblems(filter, filterScale.get(filter) ?? 1, C));
  for (const pattern of doc.getElementsByTagName('pattern')) problems.push(...patternProblems(pattern, C));
  return [...new Set(problems)].map((message) => ({ check: 'performance', message }));
}

const primitivesOf = (filter: Element) => [...filter.children].filter((c) => c.localName.startsWith('fe') && !NOT_PRIMITIVES.has(c.localName));

/** What one application of a filter costs, in passes over its region (SVG_LIMITS.filter.passWeights). */
export function filterPasses(filter: Element): number {
  const w = L.filter.passWeights;
  return primitivesOf(filter).reduce((n, p) => {
    if (p.localName === 'feTurbulence') return n + w.feTurbulencePerOctave * Math.max(1, numbers(p.getAttribute('numOctaves') ?? '1')[0] ?? 1);
    return n + ((w as Record<string, number>)[p.localName] ?? w.other);
  }, 0);
}

function filterProblems(filter: Element, scale: number, C: number): string[] {
  const out: string[] = [];
  const F = L.filter;
  const name = `filter ${filter.id ? `#${filter.id}` : ''}`.trim();
  if (filter.getAttribute('primitiveUnits') === 'objectBoundingBox')
    out.push(`${name}: primitiveUnits objectBoundingBox is not supported (use userSpaceOnUse)`);
  const primitives = primitivesOf(filter);
  if (primitives.length > F.maxPrimitives) out.push(`${name}: ${primitives.length} primitives; at most ${F.maxPrimitives}`);
  const userSpace = filter.getAttribute('filterUnits') === 'userSpaceOnUse';
  const region = (el: Element, what: string, inUserSpace: boolean) => {
    for (const side of ['width', 'height']) {
      const raw = el.getAttribute(side);
      if (raw === null) continue;
      const v = inUserSpace ? length(raw, C) : raw.trim().endsWith('%') ? length(raw, 1) : length(raw, 1);
      const max = inUserSpace ? F.maxRegionFraction * C : F.maxRegionFraction;
      if (v === null || !Number.isFinite(v)) out.push(`${what} ${side} must be a number or percentage`);
      else if (v * (inUserSpace ? scale : 1) > max)
        out.push(
          `${what} ${side} ${raw} draws ${inUserSpace ? 'more than ' + F.maxRegionFraction + ' canvases' : 'more than ' + F.maxRegionFraction + ' times the element'}; at most ${F.maxRegionFraction}`,
        );
    }
  };
  region(filter, `${name} region`, userSpace);
  const bound = (el: Element, attr: string, fraction: number, what: string) => {
    const raw = el.getAttribute(attr);
    if (raw === null) return;
    const values = numbers(raw);
    if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return void out.push(`${name} <${el.localName}> ${attr} must be numbers`);
    const largest = Math.max(...values.map(Math.abs)) * scale;
    if (largest > fraction * C)
      out.push(
        `${name} <${el.localName}> ${what} ${+largest.toPrecision(4)} (after scaling); at most ${+(fraction * C).toPrecision(4)} (${fraction} of the canvas)`,
      );
  };
  for (const p of primitives) {
    region(p, `${name} <${p.localName}> subregion`, true);
    switch (p.localName) {
      case 'feGaussianBlur':
        bound(p, 'stdDeviation', F.maxBlurFraction, 'stdDeviation');
        break;
      case 'feMorphology':
        bound(p, 'radius', F.maxMorphologyFraction, 'radius');
        break;
      case 'feOffset':
        bound(p, 'dx', F.maxOffsetFraction, 'dx');
        bound(p, 'dy', F.maxOffsetFraction, 'dy');
        break;
      case 'feDisplacementMap':
        bound(p, 'scale', F.maxDisplacementFraction, 'scale');
        break;
      case 'feTurbulence': {
        const octaves = numbers(p.getAttribute('numOctaves') ?? '1')[0] ?? 1;
        if (!(octaves <= F.maxTurbulenceOctaves)) out.push(`${name} <feTurbulence> numOctaves ${octaves}; at most ${F.maxTurbulenceOctaves}`);
        break;
      }
    }
  }
  return out;
}

function patternProblems(pattern: Element, C: number): string[] {
  const P = L.pattern;
  const userSpace = pattern.getAttribute('patternUnits') === 'userSpaceOnUse';
  const base = userSpace ? C : 1;
  const out: string[] = [];
  for (const side of ['width', 'height']) {
    const raw = pattern.getAttribute(side);
    if (raw === null) continue; // an absent size draws nothing
    const v = length(raw, base);
    if (v === null || !Number.isFinite(v)) out.push(`pattern ${side} must be a number or percentage`);
    else if (v !== 0 && (v < P.minTileFraction * base || v > P.maxTileFraction * base)) {
      out.push(
        `pattern ${side} ${raw}: a tile is between ${P.minTileFraction} and ${P.maxTileFraction} of ${userSpace ? 'the canvas' : 'the element it fills'}`,
      );
    }
  }
  return out;
}
