/**
 * The novelty feature comparison as a picture: features down the side, references (D1, D2, …) across, each cell
 * a mark of the verdict (disclosed, obvious, not disclosed, not compared), a legend naming each reference.
 */
import { svgToPng, FONT_FAMILY } from './render-png.js';
import { cleanText, escapeXml, textWidth, wrap } from './text-layout.js';
import type { Translate } from '../../../i18n/index.js';

export type CellVerdict = 'disclosed' | 'obvious' | 'not-disclosed' | 'not-compared';

export interface FeatureMatrix {
  features: string[];
  /** each reference's legend text, e.g. its publication number and title */
  references: string[];
  /** cells[feature][reference] */
  cells: CellVerdict[][];
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FeatureMatrixPicture {
  png: Buffer;
  width: number;
  height: number;
  featureLabels: Region[];
  headers: Region[];
  /** cellRegions[feature][reference] */
  cellRegions: Region[][];
  legend: Region[];
}

const FONT = 22;
const LINE = FONT * 1.3;
const MARGIN = 24;
const LABEL_WIDTH = 420;
const COLUMN = 68;
const ROW_PAD = 10;
const RADIUS = 13;
const MAX_FEATURES = 20;
const MAX_REFERENCES = 12;
const RED = '#c0392b';
const ORANGE = '#e67e22';
const GREEN = '#2e8b57';
const GREY = '#9aa3ad';

function mark(verdict: CellVerdict, cx: number, cy: number): string {
  if (verdict === 'disclosed') return `<circle cx="${cx}" cy="${cy}" r="${RADIUS}" fill="${RED}"/>`;
  if (verdict === 'obvious')
    return `<circle cx="${cx}" cy="${cy}" r="${RADIUS - 1.5}" fill="none" stroke="${ORANGE}" stroke-width="3"/><path d="M${cx} ${cy - RADIUS} A${RADIUS} ${RADIUS} 0 0 0 ${cx} ${cy + RADIUS} Z" fill="${ORANGE}"/>`;
  if (verdict === 'not-disclosed') return `<circle cx="${cx}" cy="${cy}" r="${RADIUS - 1.5}" fill="none" stroke="${GREEN}" stroke-width="3"/>`;
  return `<circle cx="${cx}" cy="${cy}" r="3" fill="${GREY}"/>`;
}

const text = (x: number, y: number, value: string, extra = ''): string =>
  `<text x="${x}" y="${y.toFixed(1)}" font-size="${FONT}"${extra}>${escapeXml(value)}</text>`;

/** The matrix's picture (at most 20 features and 12 references: the text beside it lists them all). */
export async function renderFeatureMatrix(matrix: FeatureMatrix, t: Translate): Promise<FeatureMatrixPicture> {
  const features = matrix.features.slice(0, MAX_FEATURES);
  const references = matrix.references.slice(0, MAX_REFERENCES);
  const parts: string[] = [];
  const gridX = MARGIN + LABEL_WIDTH + 12;
  const headerY = MARGIN;
  const headers = references.map((_, r): Region => ({ x: gridX + r * COLUMN, y: headerY, width: COLUMN, height: LINE + 8 }));
  headers.forEach((h, r) => parts.push(text(h.x + COLUMN / 2, h.y + LINE - 4, `D${r + 1}`, ' text-anchor="middle" fill="#1f3a5f"')));
  let y = headerY + LINE + 14;
  const featureLabels: Region[] = [];
  const cellRegions: Region[][] = [];
  features.forEach((feature, f) => {
    const lines = wrap(`${f + 1}. ${cleanText(feature)}`, LABEL_WIDTH, FONT, 2);
    const height = lines.length * LINE + 2 * ROW_PAD;
    if (f % 2 === 0)
      parts.push(`<rect x="${MARGIN - 8}" y="${y}" width="${gridX + references.length * COLUMN - MARGIN + 16}" height="${height}" fill="#f2f5f9"/>`);
    lines.forEach((line, i) => parts.push(text(MARGIN, y + ROW_PAD + LINE * (i + 0.5) + FONT * 0.35, line)));
    featureLabels.push({ x: MARGIN, y, width: Math.max(...lines.map((l) => textWidth(l, FONT))), height });
    cellRegions.push(
      references.map((_, r) => {
        const cx = gridX + r * COLUMN + COLUMN / 2;
        parts.push(mark(matrix.cells[f]?.[r] ?? 'not-compared', cx, y + height / 2));
        return { x: cx - RADIUS - 2, y: y + height / 2 - RADIUS - 2, width: 2 * RADIUS + 4, height: 2 * RADIUS + 4 };
      }),
    );
    y += height;
  });
  y += 18;
  const key: [CellVerdict, string][] = [
    ['disclosed', t('shared:matrix.disclosed')],
    ['obvious', t('shared:matrix.obvious')],
    ['not-disclosed', t('shared:matrix.notDisclosed')],
    ['not-compared', t('shared:matrix.notCompared')],
  ];
  let keyX = MARGIN;
  for (const [verdict, label] of key) {
    parts.push(mark(verdict, keyX + RADIUS, y + LINE / 2), text(keyX + 2 * RADIUS + 8, y + LINE / 2 + FONT * 0.35, label));
    keyX += 2 * RADIUS + 8 + textWidth(label, FONT) + 28;
  }
  y += LINE + 12;
  const legend: Region[] = [];
  const legendWidth = Math.max(gridX + references.length * COLUMN, keyX) - MARGIN;
  references.forEach((reference, r) => {
    const [line] = wrap(`D${r + 1}  ${cleanText(reference)}`, legendWidth, FONT, 1);
    parts.push(text(MARGIN, y + LINE * 0.5 + FONT * 0.35, line!, ' fill="#333"'));
    legend.push({ x: MARGIN, y, width: textWidth(line!, FONT), height: LINE });
    y += LINE;
  });
  const more = [
    matrix.features.length > features.length ? t('shared:matrix.moreFeatures', { count: matrix.features.length - features.length }) : '',
    matrix.references.length > references.length ? t('shared:matrix.moreReferences', { count: matrix.references.length - references.length }) : '',
  ].filter(Boolean);
  const [first = '', second] = more;
  if (first) {
    const both = second ? t('shared:matrix.moreJoin', { first, second }) : first;
    parts.push(text(MARGIN, y + LINE * 0.5 + FONT * 0.35, t('shared:matrix.seeMessage', { more: both }), ' fill="#555"'));
    y += LINE;
  }
  const width = Math.ceil(MARGIN + legendWidth + MARGIN);
  const height = Math.ceil(y + MARGIN);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><g font-family="${FONT_FAMILY}" fill="#1a1a1a">${parts.join('')}</g></svg>`;
  return { png: await svgToPng(svg), width, height, featureLabels, headers, cellRegions, legend };
}
