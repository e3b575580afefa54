/**
 * A mind-map node's details shown with its implementation plan: principle, maturity, engineering reliability,
 * expected challenges and industry cases (AI73-7), and the first references they cite (AI73-6).
 */
import { quoteUserText, type Block, type Reference } from '../../core/message.js';
import type { DataOf } from '../../platform/operations.js';
import type { Text, Translate } from '../../i18n/index.js';
import { truncate } from '../../core/text.js';
import { PATENT_LINK } from '../shared/text.js';
import { htmlToMarkdown } from '../solution/html.js';
import type { StepContext } from '../workflow/index.js';
import { boardOf, taskIdOf, type MaterialData } from './data.js';

export interface NodeDetails {
  facts?: DataOf<'AI73-7'>;
  references?: DataOf<'AI73-6'>;
}

const SHOWN_REFERENCES = 5;
const ITEM_CHARS = 800;
const SECTIONS: [keyof DataOf<'AI73-7'>, Text][] = [
  ['technical_principle', (t) => t('material:details.principle')],
  ['technical_maturity', (t) => t('material:details.maturity')],
  ['engineering_reliability', (t) => t('material:details.reliability')],
  ['expected_challenge', (t) => t('material:details.challenges')],
  ['industry_application_cases', (t) => t('material:details.cases')],
];
// a citation (`<cite …><a …>1</a></cite>`) becomes its number in brackets; no pattern scans past the next `<cite`
const CITE = /<cite[^<>]*>((?:(?!<cite)[\s\S])*?)<\/cite>/gi;

/** An item's text quoted as the user's (the platform's HTML turned to markdown), its citations as [n] after it. */
function itemMarkdown(value: unknown): string {
  const html = String(value ?? '');
  const pieces: string[] = [];
  let last = 0;
  for (const match of html.matchAll(CITE)) {
    pieces.push(quoteUserText(htmlToMarkdown(html.slice(last, match.index))));
    const number = (match[1] ?? '').replace(/<[^<>]*>/g, '').match(/\d+/)?.[0];
    if (number) pieces.push(`[${number}]`);
    last = match.index + match[0].length;
  }
  pieces.push(quoteUserText(htmlToMarkdown(html.slice(last))));
  return pieces
    .filter(Boolean)
    .join(' ')
    .replace(/ +([.,;:!?。，；：])/g, '$1');
}

/** Both reads for the node; either may fail without failing the plan (logged, shown as missing). */
export async function readNodeDetails(sc: StepContext<MaterialData>, nodeId: string, signal: AbortSignal): Promise<NodeDetails> {
  const ids = { task_id: taskIdOf(sc), board_id: boardOf(sc), node_id: nodeId };
  const quietly = <T>(read: Promise<T>, what: string): Promise<T | undefined> =>
    read.catch((error: unknown) => {
      sc.ctx.logger.warn({ err: error, thread: sc.thread }, `material: the node's ${what} could not be read`);
      return undefined;
    });
  const [facts, references] = await Promise.all([
    quietly(sc.ctx.platform.call('AI73-7', ids, { signal }), 'details'),
    quietly(sc.ctx.platform.call('AI73-6', { ...ids, page: 1, limit: SHOWN_REFERENCES }, { signal }), 'references'),
  ]);
  return { ...(facts ? { facts } : {}), ...(references ? { references } : {}) };
}

const field = (record: Record<string, unknown>, name: string): string | undefined => {
  const value = record[name.toUpperCase()] ?? record[name.toLowerCase()];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

function referenceOf(record: Record<string, unknown>, t: Translate): Reference {
  const pn = field(record, 'pn');
  const org = (record.ORG_INFO ?? record.org_info) as { display_name?: string; name?: string }[] | undefined;
  const published = field(record, 'pbd');
  const detail = [org?.[0]?.display_name ?? org?.[0]?.name, published ? t('material:details.published', { date: published }) : undefined]
    .filter(Boolean)
    .join(' · ');
  const link = field(record, 'link');
  const url = link?.startsWith('https://') ? link : pn ? PATENT_LINK(pn) : undefined;
  return {
    title: `${pn ? `${pn} ` : ''}${truncate(field(record, 'title') ?? '', 200)}`.trim(),
    ...(url ? { url } : {}),
    ...(detail ? { detail } : {}),
  };
}

/** The details as blocks (nothing when neither read answered). */
export function nodeDetailBlocks(details: NodeDetails | undefined, t: Translate): Block[] {
  if (!details) return [];
  const blocks: Block[] = [];
  const sections = SECTIONS.map(([key, label]) => {
    const list: unknown = details.facts?.[key];
    const items = (Array.isArray(list) ? list : []).map(itemMarkdown).filter(Boolean);
    return items.length ? `**${label(t)}**\n${items.map((i) => `- ${truncate(i, ITEM_CHARS)}`).join('\n')}` : '';
  }).filter(Boolean);
  if (sections.length) blocks.push({ type: 'markdown', text: `${t('material:details.about')}\n\n${sections.join('\n\n')}` });
  else if (!details.facts) blocks.push({ type: 'context', text: t('material:details.unread') });
  const records = (details.references?.records ?? []).slice(0, SHOWN_REFERENCES) as Record<string, unknown>[];
  if (records.length) {
    const total = details.references?.total;
    const title =
      typeof total === 'number' && total > records.length
        ? t('material:details.referencesOf', { shown: records.length, total })
        : t('material:details.references');
    blocks.push({ type: 'references', title, items: records.map((record) => referenceOf(record, t)) });
  }
  return blocks;
}
