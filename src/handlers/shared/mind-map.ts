/**
 * The mind map AI33-6 and AI73-5 return (x6-style cells: nodes, and edges between them) as a tree, and as a
 * nested outline. Nodes are the cells that are not edges; a node no edge points at is a root.
 */
import { quoteUserText } from '../../core/message.js';
import type { MindMapCell, MindMapData } from '../../platform/payloads.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';

export type MindMap = MindMapData;
export type MindCell = MindMapCell;
export type MindCellData = NonNullable<MindCell['data']>;

export interface MindNode {
  id: string;
  data: MindCellData;
  depth: number;
  children: MindNode[];
  /** the titles from the root down to this node's parent */
  path: string[];
}

const isEdge = (cell: MindCell): boolean => Boolean(cell.source?.cell && cell.target?.cell);

export const titleOf = (data: MindCellData, t: Translate): string => (data.sys_title ?? '').trim() || t('shared:mindMap.untitled');

/** The map's roots with their subtrees, in the cells' order; a cycle or a second parent is ignored. */
export function mindTree(map: MindMap, t: Translate): MindNode[] {
  const cells = map.cells.filter((c) => !isEdge(c) && (c.id ?? c.data?.node_id));
  const byId = new Map(cells.map((c) => [String(c.id ?? c.data?.node_id), c] as const));
  const childrenOf = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const edge of map.cells.filter(isEdge)) {
    const from = edge.source!.cell;
    const to = edge.target!.cell;
    if (!byId.has(from) || !byId.has(to) || hasParent.has(to) || from === to) continue;
    hasParent.add(to);
    childrenOf.set(from, [...(childrenOf.get(from) ?? []), to]);
  }
  const seen = new Set<string>();
  const build = (id: string, depth: number, path: string[]): MindNode => {
    seen.add(id);
    const data = byId.get(id)!.data ?? {};
    const children = (childrenOf.get(id) ?? []).filter((c) => !seen.has(c)).map((c) => build(c, depth + 1, [...path, titleOf(data, t)]));
    return { id, data, depth, children, path };
  };
  return [...byId.keys()].filter((id) => !hasParent.has(id)).map((id) => build(id, 0, []));
}

/** Every node, depth first. */
export function allNodes(roots: MindNode[]): MindNode[] {
  return roots.flatMap((n) => [n, ...allNodes(n.children)]);
}

/** The solutions of a map: its leaves below a root (the root alone when it has no children). */
export function solutionNodes(roots: MindNode[]): MindNode[] {
  const leaves = allNodes(roots).filter((n) => n.children.length === 0 && n.depth > 0);
  return leaves.length > 0 ? leaves : roots;
}

/** The map as a nested outline of titles; `numbered` nodes (by id) get their number in front. */
export function outline(roots: MindNode[], t: Translate, numbered: Map<string, number> = new Map()): string {
  const lines = allNodes(roots).map((n) => {
    const number = numbered.get(n.id);
    const title = quoteUserText(truncate(titleOf(n.data, t), 150));
    const text = n.depth === 0 ? `**${title}**` : `${number === undefined ? '' : `${number}. `}${title}`;
    return `${'    '.repeat(Math.max(0, n.depth - 1))}${n.depth === 0 ? '' : '- '}${text}`;
  });
  return lines.join('\n');
}
