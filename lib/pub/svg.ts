// SVG admission: DOMPurify's SVG profile on jsdom (the maintained sanitizer), tightened so an
// illustration can reach nothing outside itself, then bounded in size, elements, nesting and path
// data. Anything the sanitizer had to remove refuses the submission: the author sees what was wrong
// and what is stored is exactly what was checked. The sanitised XML is the only form ever served.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DOMPurify } from 'dompurify';
import type { DOMWindow } from 'jsdom';

export const SVG_RUNTIMES = ['static'] as const;
export const SVG_LIMITS = { maxBytes: 100_000, maxElements: 2_000, maxDepth: 24, maxPathChars: 20_000, perRevision: 8 } as const;

// Never allowed even where DOMPurify's SVG profile would keep them: anything that links out, runs
// time-based attribute changes (SMIL can rewrite href), or embeds another document.
const FORBID_TAGS = ['a', 'foreignObject', 'image', 'feImage', 'script', 'style', 'animate', 'animateColor', 'animateMotion', 'animateTransform', 'set', 'mpath', 'iframe', 'embed', 'object'];
const FORBID_ATTR = ['style', 'onload', 'onerror', 'onclick', 'onbegin', 'onend', 'onmouseover'];
const LOCAL_URL = /^\s*url\(\s*['"]?#[A-Za-z_][\w.-]*['"]?\s*\)\s*$/i;

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
    const value = data.attrValue;
    // References stay inside the illustration: `#id` only, never a URL (external use/image, data:, javascript:).
    if ((name === 'href' || name === 'xlink:href') && !/^#[A-Za-z_][\w.-]*$/.test(value.trim())) data.keepAttr = false;
    // CSS url() in presentation attributes (fill, filter, clip-path, mask, marker-*) may name a local gradient only.
    if (/url\s*\(/i.test(value) && !LOCAL_URL.test(value)) data.keepAttr = false;
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
  if (bytes > SVG_LIMITS.maxBytes) return { ok: false, problems: [{ check: 'performance', message: `the source is ${bytes} bytes; at most ${SVG_LIMITS.maxBytes}` }] };
  // Entity declarations are how "billion laughs" expands; a DOCTYPE has no use in an illustration.
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) return { ok: false, problems: [{ check: 'runtime_safety', message: 'DOCTYPE and ENTITY declarations are not allowed' }] };
  if (/<\?xml-stylesheet/i.test(source)) return { ok: false, problems: [{ check: 'runtime_safety', message: 'xml-stylesheet processing instructions are not allowed' }] };
  const body = source.replace(/^\s*<\?xml[^>]*\?>\s*/i, '');
  if (!/^\s*<svg[\s>]/i.test(body)) return { ok: false, problems: [{ check: 'runtime_safety', message: 'the source must be one <svg> element' }] };
  const { window, purify } = loadSanitizer();
  const fragment = purify.sanitize(body, {
    USE_PROFILES: { svg: true, svgFilters: true },
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
  if (roots.length !== 1 || !root || root.nodeName.toLowerCase() !== 'svg') problems.push({ check: 'runtime_safety', message: 'the source must be exactly one <svg> element' });
  if (problems.length > 0 || !root) return { ok: false, problems: dedupe(problems) };
  let elements = 0;
  let maxDepth = 0;
  let pathChars = 0;
  const stack: Array<[Element, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [el, depth] = stack.pop()!;
    elements++;
    maxDepth = Math.max(maxDepth, depth);
    pathChars += (el.getAttribute('d') ?? '').length + (el.getAttribute('points') ?? '').length;
    for (const child of el.children) stack.push([child, depth + 1]);
  }
  if (elements > SVG_LIMITS.maxElements) problems.push({ check: 'performance', message: `${elements} elements; at most ${SVG_LIMITS.maxElements}` });
  if (maxDepth > SVG_LIMITS.maxDepth) problems.push({ check: 'performance', message: `nesting depth ${maxDepth}; at most ${SVG_LIMITS.maxDepth}` });
  if (pathChars > SVG_LIMITS.maxPathChars) problems.push({ check: 'performance', message: `${pathChars} characters of path data; at most ${SVG_LIMITS.maxPathChars}` });
  if (problems.length > 0) return { ok: false, problems };
  const content = new window.XMLSerializer().serializeToString(root);
  return { ok: true, svg: { content, bytes: Buffer.byteLength(content, 'utf8'), sha256: createHash('sha256').update(content).digest('hex') } };
}

function dedupe(problems: SvgProblem[]): SvgProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.message) && seen.add(p.message));
}
