/** The final solutions of AI33-6: a summary with the map's outline, then one message per solution. */
import { mention, quoteUserText, type Block, type OutgoingMessage, type Reference } from '../../core/message.js';
import { truncate } from '../../core/text.js';
import type { Translate } from '../../i18n/index.js';
import { PATENT_LINK } from '../shared/text.js';
import { itemText } from '../shared/platform-values.js';
import { htmlToMarkdown } from './html.js';
import { mindTree, outline, solutionNodes, titleOf, type MindMap, type MindNode } from '../shared/mind-map.js';
import { renderMindMap, type MindMapPicture } from '../shared/images/mind-map-image.js';

type MindReference = NonNullable<MindNode['data']['reference']>[number];

function referenceOf(ref: MindReference, t: Translate): Reference {
  const org = ref.org_info?.[0];
  const orgName = org?.display_name ?? org?.name ?? undefined;
  const detail = [orgName, ref.pbd ? t('solution:result.published', { date: ref.pbd }) : undefined, ref.solution_type ?? undefined]
    .filter(Boolean)
    .join(' · ');
  const pn = ref.pn?.trim();
  const isPatent = !ref.solution_type || ref.solution_type.toUpperCase() === 'PATENT';
  return {
    title: `${pn ? `${pn} ` : ''}${truncate(ref.title ?? '', 200)}`.trim() || t('solution:result.untitled'),
    ...(pn && isPatent ? { url: PATENT_LINK(pn) } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** The lowest and highest innovation level among one map's solutions. */
export interface LevelRange {
  min: number;
  max: number;
}

/** AI33-6 publishes no scale for the level, only that higher means more innovative: shown with that and its peers' range. */
function innovationText(level: number, levels: LevelRange | undefined, t: Translate): string {
  const range = levels && levels.max > levels.min ? t('solution:result.range', { min: levels.min, max: levels.max }) : '';
  return t('solution:result.innovation', { level, range });
}

/** One solution: title, its branch, content, innovation level, improvements, references. */
export function solutionMessage(node: MindNode, number: number, total: number, t: Translate, levels?: LevelRange): OutgoingMessage {
  const { data } = node;
  const title = quoteUserText(titleOf(data, t));
  const branch = node.path.at(-1);
  const head = `${t('solution:result.head', { number, total, title })}${branch && node.depth > 1 ? `\n${t('solution:result.branch', { branch: quoteUserText(branch) })}` : ''}`;
  const blocks: Block[] = [{ type: 'markdown', text: head }];
  const content = htmlToMarkdown(data.sys_content ?? '');
  if (content) blocks.push({ type: 'markdown', text: content });
  const sub = htmlToMarkdown(data.sys_sub_content ?? '');
  if (sub) blocks.push({ type: 'context', text: sub });
  const facts: { label: string; value: string }[] = [];
  if (typeof data.innovation === 'number')
    facts.push({ label: t('solution:result.innovationLevel'), value: innovationText(data.innovation, levels, t) });
  const improvements = (data.improvements ?? []).map(itemText).filter(Boolean);
  if (facts.length) blocks.push({ type: 'fields', fields: facts });
  if (improvements.length)
    blocks.push({ type: 'markdown', text: `${t('solution:result.improvements')}\n${improvements.map((i) => `- ${htmlToMarkdown(i)}`).join('\n')}` });
  const references = (data.reference ?? []).map((ref) => referenceOf(ref, t));
  if (references.length) blocks.push({ type: 'references', title: t('solution:result.references'), items: references.slice(0, 15) });
  return { text: t('solution:result.text', { number, total, title: titleOf(data, t) }), blocks };
}

/** The outline's numbers of the solutions, by node id. */
const numberedSolutions = (roots: MindNode[]) => new Map(solutionNodes(roots).map((n, i) => [n.id, i + 1] as const));

/** The map as a picture, its solutions numbered as in the outline. */
export const solutionMindMap = (map: MindMap, t: Translate): Promise<MindMapPicture> => {
  const roots = mindTree(map, t);
  return renderMindMap(roots, t, numberedSolutions(roots));
};

/** The summary that ends the workflow, posted after the solutions' own messages. */
export function solutionsSummary(map: MindMap, count: number, startedBy: string, t: Translate, pictured = false): OutgoingMessage {
  const roots = mindTree(map, t);
  const numbered = numberedSolutions(roots);
  const text = t('solution:result.found', { count, title: quoteUserText(truncate(map.title, 300)) });
  return {
    text,
    blocks: [
      { type: 'markdown', text },
      { type: 'markdown', text: outline(roots, t, numbered) || t('solution:result.emptyMap') },
      {
        type: 'context',
        text: t(pictured ? 'solution:result.requestedPictured' : 'solution:result.requested', { user: mention(startedBy) }),
      },
    ],
  };
}

export function solutionMessages(map: MindMap, t: Translate): OutgoingMessage[] {
  const nodes = solutionNodes(mindTree(map, t));
  const levels = nodes.map((n) => n.data.innovation).filter((l): l is number => typeof l === 'number');
  const range = levels.length ? { min: Math.min(...levels), max: Math.max(...levels) } : undefined;
  return nodes.map((n, i) => solutionMessage(n, i + 1, nodes.length, t, range));
}
