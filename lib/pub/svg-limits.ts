// Every bound the SVG admission enforces, in one object: lib/pub/svg.ts and its render-cost walk read
// these numbers, and GET /v1/pub/capabilities prints them (svgCapabilities), so the number an agent
// reads is the number that refuses it. Lengths given as a fraction are fractions of the canvas: the
// larger side of the root viewBox (else of its width and height, else of maxViewportPx), so they
// scale with whatever size the illustration is drawn at.
export const SVG_RUNTIMES = ['static'] as const;

export const SVG_LIMITS = {
  perRevision: 8,
  maxBytes: 100_000,
  maxElements: 2_000,
  maxDepth: 24,
  maxPathChars: 20_000,
  maxTextChars: 10_000,
  maxViewportPx: 4_096,
  // Once `use`, pattern, marker, mask and clip-path references are followed (a marker counts once
  // per vertex of each shape that may carry it): what the renderer actually draws. Layers: filter,
  // mask, clip-path or opacity below 1; masks also count on their own (each one draws its content and
  // converts it per pixel). Dashes: each stroked shape's length over its dash pattern's period.
  drawn: { maxElements: 4_000, maxPathChars: 40_000, maxTextChars: 20_000, maxLayers: 64, maxMasks: 2, maxDashes: 10_000, maxUseDepth: 4 },
  // A filter's cost is counted in passes over its region, weighted by what each primitive does per
  // pixel (bench/svg-render.ts: a blur costs about four copies or merges; feTurbulence is counted per
  // octave). Every element a filter applies to, `use` and `<style>` included, pays it again.
  filter: {
    maxPasses: 8,
    passWeights: { feGaussianBlur: 4, feMorphology: 4, feDiffuseLighting: 4, feSpecularLighting: 4, feDisplacementMap: 2, feTurbulencePerOctave: 2, other: 1 },
    maxNesting: 1,
    maxPrimitives: 8,
    maxRegionFraction: 2,
    maxBlurFraction: 0.01,
    maxMorphologyFraction: 0.002,
    maxOffsetFraction: 0.25,
    maxDisplacementFraction: 0.05,
    maxTurbulenceOctaves: 3,
  },
  pattern: { minTileFraction: 0.005, maxTileFraction: 2 },
} as const;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function snakeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snake(k), snakeKeys(v)]));
}

/** The `svg` group of GET /v1/pub/capabilities: SVG_LIMITS itself, keys in snake_case. */
export function svgCapabilities() {
  return {
    runtimes: SVG_RUNTIMES,
    ...(snakeKeys(SVG_LIMITS) as Record<string, unknown>),
    fractions_of: 'the canvas: the larger side of the root viewBox, else of its width and height, else max_viewport_px',
    sanitizer:
      'DOMPurify svg profile; no script, handlers, foreignObject, image, feImage, animation or external references; CSS (presentation attributes, style attributes, <style>) is parsed and may reference only #id',
  };
}
