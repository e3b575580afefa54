/**
 * A mind map (AI33-6, AI73-5) as a picture: a tree laid out left to right, the root on the left, each first-level
 * branch in its own colour, solutions numbered as in the outline; drawn as SVG and rendered to PNG.
 */
import { titleOf, type MindNode } from '../mind-map.js';
import { svgToPng, FONT_FAMILY } from './render-png.js';
import { cleanText, distinguishingTail, escapeXml, textWidth, wrapKeepingTail } from './text-layout.js';
import type { Translate } from '../../../i18n/index.js';

/** Big enough to stay readable when a chat shows the picture at half its width. */
const FONT = 22;
const ROOT_FONT = 26;
const LINE = 1.35;
const PAD_X = 14;
const PAD_Y = 10;
const GAP_X = 56;
const GAP_Y = 14;
const MARGIN = 24;
const MAX_TEXT_WIDTH = 320;
const MIN_TEXT_WIDTH = 140;
/** Wider pictures are shrunk by a chat's preview until the text is too small to read. */
export const MAX_PICTURE_WIDTH = 1600;
const MAX_NODES = 60;
const BRANCH_COLOURS = ['#2f6fb3', '#c0392b', '#2e8b57', '#8e44ad', '#d35400', '#16808a', '#a0522d', '#5d6d7e'];

/** A node's box and its label, where the picture draws them (tests look for each label's ink there). */
export interface LabelBox {
  id: string;
  lines: string[];
  fontSize: number;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  colour: string;
}

export interface MindMapPicture {
  png: Buffer;
  width: number;
  height: number;
  boxes: LabelBox[];
  /** nodes left out past the picture's limit (the outline still lists them) */
  omitted: number;
}

interface Placed extends LabelBox {
  children: Placed[];
}

/** The label width that keeps a map of `columns` levels within MAX_PICTURE_WIDTH (down to MIN_TEXT_WIDTH). */
function textWidthFor(columns: number): number {
  const perColumn = (MAX_PICTURE_WIDTH - 2 * MARGIN - (columns - 1) * GAP_X) / columns - 2 * PAD_X;
  return Math.max(MIN_TEXT_WIDTH, Math.min(MAX_TEXT_WIDTH, Math.floor(perColumn)));
}

const depthOf = (nodes: MindNode[]): number => Math.max(0, ...nodes.map((n) => 1 + depthOf(n.children)));

/** A node's label; one too long is cut before the words that tell it from its siblings, which stay shown. */
function label(node: MindNode, siblings: readonly MindNode[], numbered: Map<string, number>, colour: string, maxWidth: number, t: Translate): Placed {
  const fontSize = node.depth === 0 ? ROOT_FONT : FONT;
  const number = numbered.get(node.id);
  const title = cleanText(titleOf(node.data, t));
  const others = siblings.filter((s) => s !== node).map((s) => cleanText(titleOf(s.data, t)));
  const text = `${number === undefined ? '' : `${number}. `}${title}`;
  const lines = wrapKeepingTail(text, distinguishingTail(title, others), maxWidth, fontSize, node.depth === 0 ? 4 : 3);
  const width = Math.ceil(Math.max(...lines.map((l) => textWidth(l, fontSize)), fontSize) + 2 * PAD_X);
  const height = Math.ceil(lines.length * fontSize * LINE + 2 * PAD_Y);
  return { id: node.id, lines, fontSize, x: 0, y: 0, width, height, depth: node.depth, colour, children: [] };
}

/** The nodes kept (depth first, at most MAX_NODES) as boxes not yet placed. */
function measure(roots: MindNode[], numbered: Map<string, number>, t: Translate): { trees: Placed[]; omitted: number; all: Placed[] } {
  const all: Placed[] = [];
  let omitted = 0;
  const maxWidth = textWidthFor(depthOf(roots));
  const visit = (node: MindNode, colour: string, siblings: readonly MindNode[]): Placed | undefined => {
    if (all.length >= MAX_NODES) {
      omitted += 1;
      node.children.forEach(function count(c: MindNode) {
        omitted += 1;
        c.children.forEach(count);
      });
      return undefined;
    }
    const placed = label(node, siblings, numbered, colour, maxWidth, t);
    all.push(placed);
    node.children.forEach((child, i) => {
      const kept = visit(child, node.depth === 0 ? BRANCH_COLOURS[i % BRANCH_COLOURS.length]! : colour, node.children);
      if (kept) placed.children.push(kept);
    });
    return placed;
  };
  const trees = roots.map((r) => visit(r, '#1f3a5f', roots)).filter((p): p is Placed => p !== undefined);
  return { trees, omitted, all };
}

/** Places a subtree from `top` down; a parent is centred on its children. Returns the next free y. */
function place(node: Placed, top: number, columnX: number[]): number {
  node.x = columnX[node.depth]!;
  if (node.children.length === 0) {
    node.y = top;
    return top + node.height + GAP_Y;
  }
  let cursor = top;
  for (const child of node.children) cursor = place(child, cursor, columnX);
  const first = node.children[0]!;
  const last = node.children.at(-1)!;
  const middle = (first.y + last.y + last.height) / 2;
  node.y = Math.max(top, middle - node.height / 2);
  return Math.max(cursor, node.y + node.height + GAP_Y);
}

function edge(from: Placed, to: Placed): string {
  const x1 = from.x + from.width;
  const y1 = from.y + from.height / 2;
  const x2 = to.x;
  const y2 = to.y + to.height / 2;
  const bend = (x2 - x1) / 2;
  return `<path d="M${x1} ${y1} C${x1 + bend} ${y1} ${x2 - bend} ${y2} ${x2} ${y2}" fill="none" stroke="${to.colour}" stroke-width="2.5"/>`;
}

function box(b: LabelBox): string {
  const fill = b.depth === 0 ? '#dce8f5' : b.depth === 1 ? `${b.colour}1f` : '#ffffff';
  const stroke = `stroke="${b.colour}" stroke-width="${b.depth === 0 ? 3 : 2}"`;
  const text = b.lines
    .map((line, i) => {
      const y = b.y + PAD_Y + b.fontSize * LINE * (i + 0.5) + b.fontSize * 0.35;
      return `<text x="${b.x + PAD_X}" y="${y.toFixed(1)}" font-size="${b.fontSize}">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="8" fill="${fill}" ${stroke}/>${text}`;
}

/** The map's picture; `numbered` gives solutions (by node id) the numbers they have in the outline. */
export async function renderMindMap(roots: MindNode[], t: Translate, numbered: Map<string, number> = new Map()): Promise<MindMapPicture> {
  const { trees, omitted, all } = measure(roots, numbered, t);
  const columns = Math.max(1, ...all.map((b) => b.depth + 1));
  const columnX = [MARGIN];
  for (let d = 1; d < columns; d++) columnX[d] = columnX[d - 1]! + Math.max(0, ...all.filter((b) => b.depth === d - 1).map((b) => b.width)) + GAP_X;
  let bottom = MARGIN;
  for (const tree of trees) bottom = place(tree, bottom, columnX);
  const note = omitted > 0 ? t('shared:mindMap.more', { count: omitted }) : '';
  const width = Math.ceil(Math.max(...all.map((b) => b.x + b.width), textWidth(note, FONT)) + MARGIN);
  const height = Math.ceil(bottom - GAP_Y + MARGIN + (note ? FONT * 2 : 0));
  const edges = all.flatMap((b) => (b as Placed).children.map((c) => edge(b as Placed, c)));
  const noteSvg = note ? `<text x="${MARGIN}" y="${height - MARGIN}" font-size="${FONT}" fill="#555">${escapeXml(note)}</text>` : '';
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<g font-family="${FONT_FAMILY}" fill="#1a1a1a">${edges.join('')}${all.map(box).join('')}${noteSvg}</g></svg>`,
  ].join('');
  const boxes = all.map(({ children: _children, ...b }) => b);
  return { png: await svgToPng(svg), width, height, boxes, omitted };
}
