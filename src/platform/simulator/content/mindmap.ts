/** Mind-map cells (x6-style nodes and edges) shared by AI33-6 find-solution and AI73-5 material solutions. */
import { organizationInfo, patentsFor } from './patents.js';
import { rngFrom, stableHex } from './random.js';

export interface Branch {
  title: string;
  detail: string;
}

export interface MindNode {
  nodeId: string;
  title: string;
  /** the branch (route) it belongs to; the root has none */
  routeId?: string;
}

function node(id: string, order: number, routeId: string, routeName: string, title: string, content: string, x: number, y: number, topic: string) {
  const rng = rngFrom('mind-node', id);
  const references = patentsFor(`${topic} ${title}`, 2, id).map((p) => ({
    pn: p.pn,
    apd: p.applicationDate,
    pbd: p.publicationDate,
    title: p.title,
    content: p.abstract,
    org_info: [organizationInfo(p.assignee)],
    solution_id: p.patentId,
    solution_type: 'PATENT',
  }));
  return {
    id,
    shape: order === 0 ? 'idea-node' : 'solution-node',
    view: 'vue-shape-view',
    z_index: 1000 + order,
    size: { width: 300, height: 64 },
    position: { x, y },
    data: {
      initd: true,
      order: String(order),
      status: 'success',
      node_id: id,
      route_id: routeId,
      route_name: routeName,
      sys_title: title,
      sys_content: content,
      sys_sub_content: `【核心矛盾】${title}: performance vs. cost`,
      innovation: rng.between(1, 5),
      tech_version: '2',
      reference: order === 0 ? [] : references,
      improvements: order === 0 ? [] : [`Raise the target margin to ≥ 10 % by refining ${title.toLowerCase()}.`],
    },
  };
}

const edge = (from: string, to: string) => ({
  id: stableHex('edge', from, to),
  shape: 'default-edge',
  z_index: 1,
  source: { cell: from },
  target: { cell: to },
});

/** The root, one node per branch and two solution nodes under each, plus the edges between them. */
export function mindMapCells(scope: string, topic: string, branches: readonly Branch[]) {
  const rootId = stableHex('root', scope);
  const cells: (ReturnType<typeof node> | ReturnType<typeof edge>)[] = [node(rootId, 0, rootId, topic, topic, `Problem: ${topic}`, 40, 300, topic)];
  const nodes: MindNode[] = [{ nodeId: rootId, title: topic }];
  branches.forEach((branch, b) => {
    const branchId = stableHex('branch', scope, branch.title);
    cells.push(node(branchId, 1, rootId, topic, branch.title, branch.detail, 370, 80 + b * 220, topic), edge(rootId, branchId));
    nodes.push({ nodeId: branchId, title: branch.title, routeId: rootId });
    for (let s = 0; s < 2; s++) {
      const title = `${branch.title} — option ${s + 1}`;
      const id = stableHex('solution', scope, branch.title, s);
      cells.push(
        node(
          id,
          2,
          branchId,
          branch.title,
          title,
          `<strong>${branch.title}</strong>: ${branch.detail} Variant ${s + 1} keeps layer thickness ≤ ${10 + s * 5} µm.`,
          720,
          40 + b * 220 + s * 90,
          topic,
        ),
        edge(branchId, id),
      );
      nodes.push({ nodeId: id, title, routeId: branchId });
    }
  });
  return { cells, nodes };
}
