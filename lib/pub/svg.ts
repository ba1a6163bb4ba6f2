// SVG admission: DOMPurify's SVG profile on jsdom (the maintained sanitizer), tightened so an
// illustration can reach nothing outside itself (its CSS judged by a CSS parser, lib/pub/svg-css.ts),
// then bounded in size and in what it costs to draw (lib/pub/svg-cost.ts, numbers in svg-limits.ts). Anything the sanitizer had to remove refuses the submission: the author sees what was wrong
// and what is stored is exactly what was checked. The sanitised XML is the only form ever served.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import type { DOMWindow } from 'jsdom';
import { judgeAttribute, judgeStyleAttribute, judgeStylesheet, type CssDeclaration } from './svg-css.ts';
import { measureSvg, type Declared } from './svg-cost.ts';
import { SVG_LIMITS } from './svg-limits.ts';

export { SVG_LIMITS, SVG_RUNTIMES } from './svg-limits.ts';

// Never allowed even where DOMPurify's SVG profile would keep them: anything that links out, runs
// time-based attribute changes (SMIL can rewrite href), or embeds another document. `use` is added to
// the profile: it may name only a local #id, and its fan-out is bounded by the render-cost walk.
// feDropShadow is refused because the HTML parser DOMPurify uses does not restore its case, so it
// would be stored as an element no browser draws (feGaussianBlur + feOffset + feMerge do the same);
// feConvolveMatrix because one 3 x 3 pass over a 1024 px canvas took 1.4 s in Chromium
// (bench/svg-render.ts), more than the whole render budget of an illustration.
const FORBID_TAGS = [
  'a',
  'foreignObject',
  'image',
  'feImage',
  'feDropShadow',
  'feConvolveMatrix',
  'script',
  'animate',
  'animateColor',
  'animateMotion',
  'animateTransform',
  'set',
  'mpath',
  'iframe',
  'embed',
  'object',
];
const FORBID_ATTR = ['onload', 'onerror', 'onclick', 'onbegin', 'onend', 'onmouseover'];

// jsdom costs a process ~50 MB; most web processes never sanitise an SVG (a waiter, a feed reader),
// so it is loaded on the first SVG, synchronously (both packages ship CommonJS).
let sanitizer: { window: DOMWindow; purify: DOMPurify } | null = null;
function loadSanitizer() {
  if (sanitizer) return sanitizer;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const createDOMPurify = require('dompurify') as typeof import('dompurify').default;
  const window = new JSDOM('').window;
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    // References stay inside the illustration: `#id` only, never a URL (external use/image, data:, javascript:).
    if ((name === 'href' || name === 'xlink:href') && !/^#[A-Za-z_][\w.-]*$/.test(data.attrValue.trim())) data.keepAttr = false;
  });
  sanitizer = { window, purify };
  return sanitizer;
}

export type SvgProblem = { check: 'runtime_safety' | 'performance'; message: string };
export type SanitizedSvg = { content: string; bytes: number; sha256: string };

/** Namespace declarations are re-added by the serializer, so removing them changes nothing. */
function harmless(removed: { attribute?: { name: string } | null; element?: unknown }): boolean {
  const name = removed.attribute?.name;
  if (name !== undefined) return name === 'xmlns' || name.startsWith('xmlns:');
  // The parser's own wrapper around the fragment, not part of the source.
  return ['body', 'html', 'head'].includes(String((removed.element as { nodeName?: string } | undefined)?.nodeName ?? '').toLowerCase());
}

/** The sanitised SVG, or the problems that refuse it. */
export function sanitizeSvg(source: string): { ok: true; svg: SanitizedSvg } | { ok: false; problems: SvgProblem[] } {
  const problems: SvgProblem[] = [];
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > SVG_LIMITS.maxBytes)
    return { ok: false, problems: [{ check: 'performance', message: `the source is ${bytes} bytes; at most ${SVG_LIMITS.maxBytes}` }] };
  // Entity declarations are how "billion laughs" expands; a DOCTYPE has no use in an illustration.
  if (/<!DOCTYPE|<!ENTITY/i.test(source))
    return { ok: false, problems: [{ check: 'runtime_safety', message: 'DOCTYPE and ENTITY declarations are not allowed' }] };
  if (/<\?xml-stylesheet/i.test(source))
    return { ok: false, problems: [{ check: 'runtime_safety', message: 'xml-stylesheet processing instructions are not allowed' }] };
  const body = source.replace(/^\s*<\?xml[^>]*\?>\s*/i, '');
  if (!/^\s*<svg[\s>]/i.test(body)) return { ok: false, problems: [{ check: 'runtime_safety', message: 'the source must be one <svg> element' }] };
  const { window, purify } = loadSanitizer();
  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS,
    FORBID_ATTR,
    RETURN_DOM_FRAGMENT: true,
  }) as unknown as DocumentFragment;
  for (const removed of purify.removed as Array<{ attribute?: { name: string } | null; element?: { nodeName?: string } }>) {
    if (harmless(removed)) continue;
    const what = removed.attribute ? `attribute ${removed.attribute.name}` : `element <${String(removed.element?.nodeName ?? '?').toLowerCase()}>`;
    problems.push({ check: 'runtime_safety', message: `${what} is not allowed` });
  }
  const roots = [...fragment.childNodes].filter((n) => n.nodeType === 1);
  const root = roots[0] as Element | undefined;
  if (roots.length !== 1 || !root || root.nodeName.toLowerCase() !== 'svg')
    problems.push({ check: 'runtime_safety', message: 'the source must be exactly one <svg> element' });
  if (problems.length > 0 || !root) return { ok: false, problems: dedupe(problems) };
  const content = new window.XMLSerializer().serializeToString(root);
  // Everything below judges the document the browser will parse: the stored XML, read back as XML.
  const doc = new window.DOMParser().parseFromString(content, 'image/svg+xml');
  const svg = doc.documentElement;
  if (doc.getElementsByTagName('parsererror').length > 0 || svg.localName !== 'svg')
    return { ok: false, problems: [{ check: 'runtime_safety', message: 'the source does not read back as one SVG document' }] };
  const { declared, problems: css } = judgeCss(svg);
  problems.push(...css.map((message) => ({ check: 'runtime_safety' as const, message })));
  if (problems.length > 0) return { ok: false, problems: dedupe(problems) };
  let elements = 0;
  let maxDepth = 0;
  let pathChars = 0;
  let textChars = 0;
  const stack: Array<[Element, number]> = [[svg, 1]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop()!;
    elements++;
    maxDepth = Math.max(maxDepth, depth);
    pathChars += (el.getAttribute('d') ?? '').length + (el.getAttribute('points') ?? '').length;
    if (['text', 'tspan', 'textPath'].includes(el.localName)) for (const n of el.childNodes) if (n.nodeType === 3) textChars += n.nodeValue?.length ?? 0;
    for (const child of el.children) stack.push([child, depth + 1]);
  }
  if (elements > SVG_LIMITS.maxElements) problems.push({ check: 'performance', message: `${elements} elements; at most ${SVG_LIMITS.maxElements}` });
  if (maxDepth > SVG_LIMITS.maxDepth) problems.push({ check: 'performance', message: `nesting depth ${maxDepth}; at most ${SVG_LIMITS.maxDepth}` });
  if (pathChars > SVG_LIMITS.maxPathChars)
    problems.push({ check: 'performance', message: `${pathChars} characters of path data; at most ${SVG_LIMITS.maxPathChars}` });
  if (textChars > SVG_LIMITS.maxTextChars)
    problems.push({ check: 'performance', message: `${textChars} characters of text; at most ${SVG_LIMITS.maxTextChars}` });
  if (problems.length > 0) return { ok: false, problems };
  const cost = measureSvg(svg, declared);
  if (cost.length > 0) return { ok: false, problems: cost };
  return { ok: true, svg: { content, bytes: Buffer.byteLength(content, 'utf8'), sha256: createHash('sha256').update(content).digest('hex') } };
}

/**
 * Every piece of CSS in the document, judged (lib/pub/svg-css.ts), and what it declares on each
 * element: presentation attributes, `style` attributes, and the rules of `<style>` elements on the
 * elements their selectors match (the render-cost walk reads references and values from here).
 */
function judgeCss(svg: Element): { declared: Declared; problems: string[] } {
  const declared: Declared = new Map();
  const problems: string[] = [];
  const declare = (el: Element, d: CssDeclaration) => {
    const props = declared.get(el) ?? new Map<string, { values: string[]; refs: string[] }>();
    declared.set(el, props);
    const entry = props.get(d.property) ?? { values: [], refs: [] };
    entry.values.push(d.value);
    entry.refs.push(...d.refs);
    props.set(d.property, entry);
  };
  for (const el of [svg, ...svg.querySelectorAll('*')]) {
    for (const attr of el.attributes) {
      if (attr.name === 'style') {
        const judged = judgeStyleAttribute(attr.value);
        problems.push(...judged.problems);
        for (const d of judged.declarations) declare(el, d);
        continue;
      }
      const judged = judgeAttribute(attr.name, attr.value);
      problems.push(...judged.problems);
      declare(el, { property: attr.name.toLowerCase(), value: attr.value, refs: judged.refs });
    }
    if (el.localName !== 'style') continue;
    const sheet = judgeStylesheet(el.textContent ?? '');
    problems.push(...sheet.problems);
    for (const rule of sheet.rules) {
      let matched: Element[];
      try {
        matched = [...svg.ownerDocument.querySelectorAll(rule.selector)];
      } catch {
        problems.push(`<style>: selector ${rule.selector} cannot be matched`);
        continue;
      }
      for (const target of matched) for (const d of rule.declarations) declare(target, d);
    }
  }
  return { declared, problems };
}

function dedupe(problems: SvgProblem[]): SvgProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.message) && seen.add(p.message));
}
