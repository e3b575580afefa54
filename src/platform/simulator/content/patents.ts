/** Patent-like records: titles, publication numbers, dates, assignees and links, all derived from a topic. */
import { rngFrom, stableUuid, type Rng } from './random.js';

export interface Organization {
  id: string;
  name: string;
  nameCn: string;
  country: string;
  countryCn: string;
  site: string;
  type: 'Company' | 'Education' | 'Research';
}

export interface PatentRecord {
  pn: string;
  patentId: string;
  title: string;
  abstract: string;
  /** YYYY-MM-DD */
  applicationDate: string;
  publicationDate: string;
  assignee: Organization;
  link: string;
  /** relevance in [0, 1] */
  score: number;
}

const STOP = new Set([
  'about',
  'that',
  'this',
  'with',
  'from',
  'what',
  'which',
  'when',
  'where',
  'there',
  'their',
  'have',
  'does',
  'into',
  'without',
  'while',
  'how',
  'the',
  'and',
  'for',
]);
const TECHNIQUES = [
  'a graphene-coated current collector',
  'closed-loop temperature control',
  'a convolutional neural network',
  'laser-induced surface texturing',
  'a silicon-carbon composite anode',
  'atomic layer deposition',
  'adaptive Kalman filtering',
  'a microfluidic mixing channel',
  'piezoelectric thin-film sensing',
  'low-temperature plasma treatment',
];
const SUBJECTS = [
  'energy storage device',
  'image recognition terminal',
  'battery management system',
  'sensor assembly',
  'coating composition',
  'wireless communication module',
  'drug delivery formulation',
  'optical lens module',
];
const FORMS = [
  'Method and system for improving',
  'Apparatus for controlling',
  'Device and method for detecting',
  'Composition and process for preparing',
  'System for monitoring',
  'Method for manufacturing',
];
export const ORGANIZATIONS: readonly Organization[] = [
  {
    id: 'c2622ff840571e887a776e07b192ee06',
    name: 'Wuhan University of Technology',
    nameCn: '武汉理工大学',
    country: 'China',
    countryCn: '中国',
    site: 'www.whut.edu.cn',
    type: 'Education',
  },
  {
    id: '37e3e5a882bc2bfd36fbc3754171e311',
    name: 'Northbridge Energy Materials Inc.',
    nameCn: '北桥能源材料有限公司',
    country: 'United States',
    countryCn: '美国',
    site: 'www.northbridge-energy.example',
    type: 'Company',
  },
  {
    id: '945956249e10c1831d599c51540e5349',
    name: 'Alpine Institute of Applied Physics',
    nameCn: '阿尔卑斯应用物理研究所',
    country: 'Switzerland',
    countryCn: '瑞士',
    site: 'www.aiap.example',
    type: 'Research',
  },
  {
    id: 'ebd39282a7fcc0690cef4b3c5b4ede59',
    name: 'Hanzhou Precision Sensing Co., Ltd.',
    nameCn: '杭州精密传感有限公司',
    country: 'China',
    countryCn: '中国',
    site: 'www.hz-sensing.example',
    type: 'Company',
  },
  {
    id: '8adef1df2dc299c10291a4a610a69068',
    name: 'Kyoritsu Optical Devices K.K.',
    nameCn: '共立光学器件株式会社',
    country: 'Japan',
    countryCn: '日本',
    site: 'www.kyoritsu-optical.example',
    type: 'Company',
  },
  {
    id: '4e2660fb9e04166b28b835c4d46c5bd1',
    name: 'Rhein Polymer Werke GmbH',
    nameCn: '莱茵聚合物工厂',
    country: 'Germany',
    countryCn: '德国',
    site: 'www.rhein-polymer.example',
    type: 'Company',
  },
];

/** Up to `count` meaningful words of a text; CJK runs count as one word each. */
export function keywordsOf(text: string, count = 3): string[] {
  const words = text.match(/[\p{Script=Han}]{2,8}|[A-Za-z][A-Za-z-]{3,}/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.toLowerCase()))].filter((w) => !STOP.has(w));
  return unique.slice(0, count);
}

export function publicationNumber(rng: Rng, authority?: string): string {
  const office = authority ?? rng.pick(['CN', 'CN', 'US', 'EP', 'WO', 'JP']);
  const year = rng.between(2016, 2024);
  switch (office) {
    case 'CN':
      return `CN${rng.between(105, 118)}${String(rng.int(1_000_000)).padStart(6, '0')}${rng.pick(['A', 'A', 'B'])}`;
    case 'US':
      return `US${year}0${String(rng.int(1_000_000)).padStart(6, '0')}A1`;
    case 'EP':
      return `EP${rng.between(3, 4)}${String(rng.int(1_000_000)).padStart(6, '0')}A1`;
    case 'WO':
      return `WO${year}${String(rng.int(1_000_000)).padStart(6, '0')}A1`;
    case 'JP':
      return `JP${year}${String(rng.int(1_000_000)).padStart(6, '0')}A`;
    default:
      return `${office}${rng.between(10, 99)}${String(rng.int(10_000_000)).padStart(7, '0')}A`;
  }
}

export function isoDate(rng: Rng, fromYear = 2015, toYear = 2024): string {
  return `${rng.between(fromYear, toYear)}-${String(rng.between(1, 12)).padStart(2, '0')}-${String(rng.between(1, 28)).padStart(2, '0')}`;
}

export function patentTitle(rng: Rng, topic: string): string {
  const subject = keywordsOf(topic, 2).join(' ') || rng.pick(SUBJECTS);
  return `${rng.pick(FORMS)} ${subject} using ${rng.pick(TECHNIQUES)}`;
}

export function patentLink(pn: string): string {
  return `https://patents.google.com/patent/${pn}`;
}

function record(rng: Rng, topic: string, authority?: string): PatentRecord {
  const pn = publicationNumber(rng, authority);
  const applicationDate = isoDate(rng, 2014, 2022);
  const title = patentTitle(rng, topic);
  const technique = rng.pick(TECHNIQUES);
  return {
    pn,
    patentId: stableUuid('patent', pn),
    title,
    abstract: `The invention discloses ${title.charAt(0).toLowerCase()}${title.slice(1)}. By combining ${technique} with a feedback stage, the device keeps the working range ≥ 95 % while the layer thickness stays below 20 µm.`,
    applicationDate,
    publicationDate: `${Number(applicationDate.slice(0, 4)) + 1}${applicationDate.slice(4)}`,
    assignee: rng.pick(ORGANIZATIONS),
    link: patentLink(pn),
    score: 0,
  };
}

/** `count` patents for a topic, most relevant first; `salt` gives a different list for the same topic. */
export function patentsFor(topic: string, count: number, salt = '', authorities?: readonly string[]): PatentRecord[] {
  const rng = rngFrom('patents', topic, salt);
  const records = Array.from({ length: count }, (_, i) => record(rng, topic, authorities?.[i % authorities.length]));
  let score = 0.97 - rng.float() * 0.05;
  for (const r of records) {
    r.score = Math.round(score * 1000) / 1000;
    score -= 0.03 + rng.float() * 0.06;
  }
  return records;
}

/** The patent a publication number names (for records a user adds by number). */
export function patentByNumber(pn: string, topic = ''): PatentRecord {
  const rng = rngFrom('patent-by-number', pn);
  const r = record(rng, topic || pn);
  return { ...r, pn, patentId: stableUuid('patent', pn), link: patentLink(pn), score: Math.round((0.6 + rng.float() * 0.35) * 1000) / 1000 };
}

/** An organization in the long form the find-solution schemas use. */
export function organizationInfo(org: Organization) {
  return {
    id: org.id,
    entity_id: org.id,
    name: org.name,
    name_cn: org.nameCn,
    name_en: org.name,
    display_name: org.name,
    normalized_name: org.name.toUpperCase(),
    logo: `https://static.example.com/logos/${org.id}.png`,
    site: org.site,
    website: `http://${org.site}`,
    country_name: org.country,
    entity_type: org.type,
    normalized_entity_type_en: org.type,
    founded_date: 19480101,
  };
}
