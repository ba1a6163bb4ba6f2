// CSS inside an illustration, judged the way the browser reads it: css-tree (a spec-following CSS
// parser) tokenises presentation attributes, `style` attributes and `<style>` elements, and names are
// compared after CSS unescaping, so `\75 rl(`, `u\72l(`, comments between tokens and the like are
// seen for what they are. Allowed: declarations of SVG presentation properties whose values use
// keywords, numbers, colours and `url(#id)`; nothing that fetches, imports or computes (no at-rules,
// no image functions, no custom properties, no var()/attr()/env()).
import type * as CssTree from 'css-tree';
import { lazyRequire } from '../lazy.ts';

// css-tree is loaded when the first SVG is judged (lib/lazy.ts).
const csstree = lazyRequire<typeof CssTree>('css-tree');

export type CssDeclaration = { property: string; value: string; refs: string[] };
export type CssRule = { selector: string; declarations: CssDeclaration[] };
type Judged<T> = { problems: string[] } & T;

const LOCAL_REF = /^#([A-Za-z_][\w.-]*)$/;

// The SVG presentation properties (SVG 2 §6.6 and the text/painting properties), minus geometry and
// `transform`, which only attributes set (so the render-cost walk reads them from one place).
const PROPERTIES = new Set([
  'alignment-baseline',
  'baseline-shift',
  'clip',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'direction',
  'display',
  'dominant-baseline',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-kerning',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'image-rendering',
  'letter-spacing',
  'lighting-color',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mask-type',
  'opacity',
  'overflow',
  'paint-order',
  'pointer-events',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'transform-origin',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'word-spacing',
  'writing-mode',
]);

const COLOR_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'hwb', 'lab', 'lch', 'oklab', 'oklch']);
const TRANSFORM_FUNCTIONS = new Set(['matrix', 'translate', 'scale', 'rotate', 'skewx', 'skewy']);
const TRANSFORM_ATTRIBUTES = new Set(['transform', 'patterntransform', 'gradienttransform']);

// Attributes the browser never reads as CSS (references, path and number lists, filter plumbing,
// free text): they are not parsed here. `href` has its own rule (a local #id only).
const NOT_CSS = new Set([
  'id',
  'class',
  'href',
  'xlink:href',
  'd',
  'points',
  'viewbox',
  'preserveaspectratio',
  'in',
  'in2',
  'result',
  'values',
  'kernelmatrix',
  'tablevalues',
  'lang',
  'xml:lang',
  'xml:space',
  'role',
  'tabindex',
  'xlink:title',
  'systemlanguage',
  'glyph-name',
  'unicode',
  'u1',
  'u2',
  'g1',
  'g2',
  'name',
  'local',
  'media',
]);

export function isCssAttribute(name: string): boolean {
  const n = name.toLowerCase();
  return !NOT_CSS.has(n) && !n.startsWith('aria-') && !n.startsWith('data-') && !n.startsWith('xmlns');
}

const decode = (name: string) => csstree().ident.decode(name).toLowerCase();

/** Problems and local references of one parsed value. */
function judgeValue(ast: CssTree.CssNode, where: string, functions: Set<string>, problems: string[], refs: string[]) {
  csstree().walk(ast, (node) => {
    if (node.type === 'Url') {
      const local = LOCAL_REF.exec(node.value);
      if (local) refs.push(local[1]!);
      else problems.push(`${where}: url() may only name an element of the illustration (url(#id))`);
    } else if (node.type === 'Function') {
      const name = decode(node.name);
      // A url written as a function (escaped, or split by the tokenizer) is never a plain local reference.
      if (name === 'url') problems.push(`${where}: url() may only be written plainly as url(#id)`);
      else if (!functions.has(name)) problems.push(`${where}: ${name}() is not allowed`);
    } else if (node.type === 'Raw') {
      problems.push(`${where}: unreadable CSS`);
    }
  });
}

function parse(text: string, context: 'value' | 'declarationList' | 'stylesheet', where: string, problems: string[]): CssTree.CssNode | null {
  try {
    let failed = false;
    const ast = csstree().parse(text, { context, parseValue: true, parseCustomProperty: false, onParseError: () => (failed = true) });
    if (failed) problems.push(`${where}: CSS that does not parse`);
    return failed ? null : ast;
  } catch {
    problems.push(`${where}: CSS that does not parse`);
    return null;
  }
}

/** A presentation attribute (or any attribute the browser may read as CSS). */
export function judgeAttribute(name: string, value: string): Judged<{ refs: string[] }> {
  const problems: string[] = [];
  const refs: string[] = [];
  if (!isCssAttribute(name) || value.trim() === '') return { problems, refs };
  const ast = parse(value, 'value', `attribute ${name}`, problems);
  if (ast) judgeValue(ast, `attribute ${name}`, TRANSFORM_ATTRIBUTES.has(name.toLowerCase()) ? TRANSFORM_FUNCTIONS : COLOR_FUNCTIONS, problems, refs);
  return { problems, refs };
}

function judgeDeclarations(block: CssTree.CssNode, where: string, problems: string[]): CssDeclaration[] {
  const out: CssDeclaration[] = [];
  const children = (block as CssTree.Block | CssTree.DeclarationList).children;
  children.forEach((node) => {
    if (node.type !== 'Declaration') {
      problems.push(`${where}: only declarations are allowed here (found ${node.type})`);
      return;
    }
    const property = decode(node.property);
    if (!PROPERTIES.has(property)) {
      problems.push(`${where}: property ${property} is not allowed`);
      return;
    }
    const refs: string[] = [];
    judgeValue(node.value, `${where} ${property}`, COLOR_FUNCTIONS, problems, refs);
    out.push({ property, value: csstree().generate(node.value), refs });
  });
  return out;
}

/** A `style` attribute: a declaration list. */
export function judgeStyleAttribute(text: string): Judged<{ declarations: CssDeclaration[] }> {
  const problems: string[] = [];
  const ast = parse(text, 'declarationList', 'style attribute', problems);
  return { problems, declarations: ast ? judgeDeclarations(ast, 'style attribute', problems) : [] };
}

const SELECTOR_NODES = new Set(['SelectorList', 'Selector', 'TypeSelector', 'ClassSelector', 'IdSelector', 'Combinator']);

/** A `<style>` element: plain rules of type, class and id selectors with combinators; no at-rules. */
export function judgeStylesheet(text: string): Judged<{ rules: CssRule[] }> {
  const problems: string[] = [];
  const rules: CssRule[] = [];
  const ast = parse(text, 'stylesheet', '<style>', problems) as CssTree.StyleSheet | null;
  ast?.children.forEach((node) => {
    if (node.type !== 'Rule') {
      problems.push(node.type === 'Atrule' ? `<style>: @${decode(node.name)} is not allowed` : `<style>: only rules are allowed (found ${node.type})`);
      return;
    }
    let plain = true;
    csstree().walk(node.prelude, (n) => {
      if (!SELECTOR_NODES.has(n.type)) plain = false;
    });
    const selector = csstree().generate(node.prelude);
    if (!plain) {
      problems.push(`<style>: selector ${selector} may use only element names, classes, ids and combinators`);
      return;
    }
    rules.push({ selector, declarations: judgeDeclarations(node.block, `<style> ${selector}`, problems) });
  });
  return { problems, rules };
}
