/** AI35 novelty check content: the summarised solution, its technical features and the search elements. */
import { keywordsOf } from './patents.js';
import { rngFrom } from './random.js';

export type TechFeature = {
  feature_num?: string;
  feature_text?: string;
  feature_text_original?: string;
  feature_weight?: string;
  feature_elements?: string;
  feature_function?: string;
  feature_weight_reason?: string;
  selected?: boolean;
  user_add?: boolean;
};

export type KeywordRef = {
  key?: string;
  source?: string;
};

export type SearchElement = {
  feature_text_original?: string;
  feature_type?: string;
  selected?: boolean;
  express?: { word?: KeywordRef; extend?: KeywordRef[]; ipc?: KeywordRef[] }[];
};

export type SearchElements = {
  family_merge_enabled?: boolean;
  list?: SearchElement[];
};

const IPC = ['H04M1/725', 'G06V10/00', 'H01M4/36', 'H01M10/42', 'G01L1/16', 'A61K8/27', 'B32B27/08', 'G06N3/08'];
const SYNONYMS: Record<string, string[]> = {
  telephone: ['phone', 'handset'],
  battery: ['cell', 'accumulator'],
  sensor: ['detector', 'transducer'],
  image: ['picture', 'photo'],
  coating: ['film', 'layer'],
  电话: ['手机', 'telephone'],
};

const clauses = (text: string): string[] =>
  text
    .split(/[;；。.\n]|,\s|，/u)
    .map((c) => c.trim())
    .filter((c) => Array.from(c).length >= 4);

/** AI35-2: the submitted description, condensed. */
export function summarizeSolution(input: string): string {
  const parts = clauses(input).slice(0, 4);
  return (parts.length > 0 ? parts.join('; ') : input.trim()).concat(parts.length > 0 ? '.' : '');
}

/** AI35-4: features of a (confirmed) technical solution; F1 is the subject. */
export function extractFeatures(techSolution: string): TechFeature[] {
  const parts = clauses(techSolution).slice(0, 6);
  const list = parts.length > 0 ? parts : [techSolution.trim() || 'technical solution'];
  return list.map((text, i) => {
    const weight = i === 0 ? 'topic' : i <= 2 ? 'key' : 'sup';
    return {
      feature_num: `F${i + 1}`,
      feature_text: text,
      feature_text_original: text,
      feature_weight: weight,
      feature_elements: keywordsOf(text, 3).join(', ') || text,
      feature_function: i === 0 ? `Defines the subject: ${text}` : `Contributes to the effect by: ${text}`,
      feature_weight_reason:
        weight === 'topic'
          ? 'The subject of the technical solution.'
          : weight === 'key'
            ? 'Essential to solve the technical problem.'
            : 'Supplementary detail.',
      selected: true,
      user_add: false,
    };
  });
}

const TYPE_OF_WEIGHT: Record<string, string> = { topic: 'topic_search', key: 'key_search', sup: 'sup_search' };

/** AI35-6: search elements from every confirmed feature (AI35-5 confirms what it is sent). */
export function searchElements(features: readonly TechFeature[]): SearchElements {
  return {
    family_merge_enabled: false,
    list: features.map((f) => {
      const text = f.feature_text ?? f.feature_text_original ?? '';
      const rng = rngFrom('elements', text);
      const words = keywordsOf(text, 2);
      return {
        feature_text_original: text,
        feature_type: TYPE_OF_WEIGHT[f.feature_weight ?? 'key'] ?? 'key_search',
        selected: true,
        express: (words.length > 0 ? words : [text]).map((word) => ({
          word: { key: word, source: 'keywords_extract' },
          extend: (SYNONYMS[word] ?? [`${word}s`]).map((key) => ({ key, source: 'keywords_extract' })),
          ipc: [{ key: rng.pick(IPC), source: 'keywords_extract' }],
        })),
      };
    }),
  };
}

/** The words of the selected elements (what the search actually used). */
export function elementWords(elements: SearchElements): string[][] {
  return (elements.list ?? [])
    .filter((e) => e.selected !== false)
    .map((e) => (e.express ?? []).flatMap((x) => [x.word?.key, ...(x.extend ?? []).map((k) => k.key)]).filter((k): k is string => Boolean(k)));
}
