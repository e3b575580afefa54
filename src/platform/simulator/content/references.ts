/** Reference documents the chat answers cite: AI20 `references[]` and AI68-1 `ref_doc[]`. */
import { keywordsOf, patentsFor } from './patents.js';
import { rngFrom, stableHex, topicOf } from './random.js';

export interface ChatReference {
  index: number;
  title: string;
  link: string;
  text: string;
  type: string;
  docType: string;
  docId: string;
  /** yyyymmdd */
  postDate: number;
}

const SOURCES = [
  { type: 'synapse', docType: 'drug_dev_status', host: 'https://synapse.patsnap.com/drug/' },
  { type: 'paper', docType: 'paper', host: 'https://pubmed.ncbi.nlm.nih.gov/' },
  { type: 'clinical_trial', docType: 'clinical_trial', host: 'https://clinicaltrials.gov/study/' },
  { type: 'web-site', docType: 'zhihu', host: 'https://zhuanlan.zhihu.com/p/' },
] as const;

/** 3 to 5 references for a question; the answer cites them as [1] .. [n]. */
export function chatReferences(question: string): ChatReference[] {
  const rng = rngFrom('references', question);
  const topic = topicOf(question, 40);
  const keyword = keywordsOf(question, 1)[0] ?? topic;
  const count = rng.between(3, 5);
  const patents = patentsFor(question, count, 'chat-references');
  return Array.from({ length: count }, (_, i) => {
    const source = rng.pick(SOURCES);
    const docId = stableHex('reference', question, i);
    const patent = patents[i];
    const year = rng.between(2016, 2024);
    const title =
      source.type === 'paper'
        ? `Clinical and mechanistic insights into ${keyword}: a ${year} review`
        : source.type === 'web-site'
          ? `${year}年${keyword}行业分析报告 (industry analysis of ${keyword})`
          : patent
            ? `${patent.title} (${patent.pn})`
            : `${keyword} development status`;
    return {
      index: i + 1,
      title,
      link: `${source.host}${source.type === 'paper' ? rng.between(30_000_000, 39_999_999) : docId}`,
      text: `${title}. Reported outcomes for ${topic} include a response rate ≥ 30 % and particle sizes near 0.1 µm.`,
      type: source.type,
      docType: source.docType,
      docId,
      postDate: year * 10_000 + rng.between(1, 12) * 100 + rng.between(1, 28),
    };
  });
}
